# Fuzz 2:8349, 2:12987 and others: under create_graph a second-order gradient is the graph
# of PyTorch's own backward formula (derivatives.yaml / FunctionsManual), node for node:
# C++'s tensor-number products are MulBackward1, ``number - t`` a SubBackward0 with a None
# edge, and the terms add up in the formula's order. Each case prints the tree of the
# second-order gradient's nodes and its values.
import warnings

import torch

F = torch.nn.functional
warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)


def tree(fn, depth=0):
    if fn is None:
        print("  " * depth + "None")
        return
    print("  " * depth + fn.name())
    for f, _ in fn.next_functions:
        tree(f, depth + 1)


def second_order(name, fn, x):
    x = x.detach().requires_grad_()
    (g,) = torch.autograd.grad(fn(x).sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad(g.sum(), x, create_graph=True)
    print(name, gg)
    tree(gg.grad_fn)


values = torch.tensor([1.0, -0.5, 3.7, -2.2, 0.01, 6.0], dtype=torch.float64)
second_order("gelu none", F.gelu, values)
second_order("gelu tanh", lambda x: F.gelu(x, approximate="tanh"), values)

# the fuzzer's program: backward(create_graph) then backward from the input's .grad
v0 = torch.tensor(1.0, requires_grad=True)
F.gelu(v0).backward(create_graph=True)
v0.grad.backward(create_graph=True)
print(v0.grad)
tree(v0.grad.grad_fn)

# glu (fuzz 2:5128): glu_double_backward in the input, glu_double_backward_grad_output (the
# formula at a grad_output of ones, halves summed) in the incoming gradient
x = torch.tensor([[-2.0, -1.5, 0.3], [0.7, -0.75, 1.2], [0.1, 0.2, 0.4], [2.0, -1.0, 0.5]],
                 dtype=torch.float64, requires_grad=True)
grad_output = torch.tensor([[1.0, -0.5, 0.3], [0.2, 1.5, -1.0]], dtype=torch.float64,
                           requires_grad=True)
(g,) = torch.autograd.grad(F.glu(x, dim=0), x, grad_output, create_graph=True)
weight = torch.linspace(-1.0, 1.0, 12, dtype=torch.float64).reshape(4, 3).requires_grad_()
gx, g_grad_output = torch.autograd.grad((g * weight).sum(), (x, grad_output), create_graph=True)
print("glu d/dx", gx)
tree(gx.grad_fn)
print("glu d/dgrad_output", g_grad_output)
tree(g_grad_output.grad_fn)
print("third order", torch.autograd.grad(gx.square().sum(), (x, weight)))
second_order("glu dim -1", lambda x: F.glu(x, -1), x.reshape(2, 6))

# layer_norm (fuzz 2:9834): layer_norm_double_backward over (rows, width) views, the saved
# statistics constants; the input's, the weight's and the incoming gradient's gradients
x = torch.tensor([[[1.25, -2.0, 0.5], [-1.5, -1.0, 3.0]], [[-2.0, 0.25, 1.0], [-0.25, -1.25, 0.0]]],
                 dtype=torch.float64, requires_grad=True)
for weight, bias in [(None, None), (torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64), None),
                     (torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64),
                      torch.tensor([0.1, 0.2, -0.3], dtype=torch.float64))]:
    params = [t.requires_grad_() for t in (weight, bias) if t is not None]
    grad_output = torch.linspace(-1.0, 1.0, 12, dtype=torch.float64).reshape(2, 2, 3)
    grad_output.requires_grad_()
    grads = torch.autograd.grad(F.layer_norm(x, [3], weight, bias), [x] + params, grad_output,
                                create_graph=True)
    total = sum((g * torch.linspace(-1.0, 2.0, g.numel(), dtype=torch.float64).reshape(g.shape))
                .sum() + (g * g).sum() for g in grads)
    seconds = torch.autograd.grad(total, [x, grad_output] + params, create_graph=True,
                                  allow_unused=True)
    for second in seconds:
        print("layer_norm", len(params), second)
        if second is not None:
            tree(second.grad_fn)
    print("third order", torch.autograd.grad(sum((s * s).sum() for s in seconds
                                                 if s is not None), x))

# a bias without a weight: PyTorch drops the bias's incoming gradient's weight term and adds
# an undefined tensor, which refuses
bias = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
gx, gb = torch.autograd.grad(F.layer_norm(x, [3], None, bias), (x, bias),
                             torch.ones(2, 2, 3, dtype=torch.float64), create_graph=True)
try:
    torch.autograd.grad((gx * gx).sum() + (gb * gb).sum(), x)
except RuntimeError as error:
    print("RuntimeError", error)

# binary_cross_entropy (fuzz 2:1286): binary_cross_entropy_double_backward, ..._target (its
# denominator clamped outside the graph) and ..._grad_output; a weight that requires grad
# refuses while grad mode is on
for reduction in ("mean", "sum", "none"):
    x = torch.tensor([[0.3, 0.8, 0.4], [0.7, 0.2, 1.0]], dtype=torch.float64, requires_grad=True)
    t = torch.tensor([[0.9, 0.5, 0.4], [0.8, 0.1, 0.4]], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([0.5, 2.0, 1.0], dtype=torch.float64)
    y = F.binary_cross_entropy(x, t, w, reduction=reduction)
    grad_output = torch.linspace(0.5, 2.0, y.numel(), dtype=torch.float64).reshape(y.shape)
    gx, gt = torch.autograd.grad(y, (x, t), grad_output.requires_grad_(), create_graph=True)
    scale = torch.linspace(-1.0, 1.0, 6, dtype=torch.float64).reshape(2, 3)
    for second in torch.autograd.grad((gx * scale).sum(), (x, t, grad_output),
                                      create_graph=True):
        print("binary_cross_entropy", reduction, second)
        tree(second.grad_fn)
weight = torch.ones(3, requires_grad=True)
try:
    F.binary_cross_entropy(torch.full((3,), 2.0), torch.ones(3), weight)
except RuntimeError as error:
    print("RuntimeError", error)
with torch.no_grad():
    print(F.binary_cross_entropy(torch.full((3,), 0.5), torch.ones(3), weight))

# t_ (fuzz 2:8858): its gradient under create_graph is grad.t(), a TBackward0 as t's
for shape in [(2, 3), (3,), ()]:
    a = torch.ones(shape, requires_grad=True)
    b = a * 2
    b.t_()
    (g,) = torch.autograd.grad(b, a, torch.ones(b.shape, requires_grad=True), create_graph=True)
    print("t_", shape, b.grad_fn.name())
    tree(g.grad_fn)

# floor_divide (fuzz 2:14663): PyTorch's NotImplemented node has an edge for each input that
# requires grad, a view made without grad mode of a leaf included (an empty edge)
v1 = torch.tensor([[2.0], [2.0], [1.5]], requires_grad=True)
with torch.no_grad():
    v2 = torch.unsqueeze(v1, -2)
for out in (torch.floor_divide(v2, v2), torch.floor_divide(v2, torch.ones(1, requires_grad=True)),
            torch.floor_divide(v1, 2.0)):
    print("floor_divide", out.requires_grad, out.grad_fn, [None if f is None else f.name()
                                                            for f, _ in out.grad_fn.next_functions])
(g,) = torch.autograd.grad(F.hardsigmoid(v1).sum(), v1, create_graph=True)
print("hardsigmoid", g.grad_fn, g.grad_fn.name())

# softmax, log_softmax (fuzz 3:17718): the derivatives of _softmax_backward_data /
# _log_softmax_backward_data term by term; hardswish's: where(-3 < x < 3, grad *
# grad_output / 3.0, zeros({}))
for name, shape in [("softmax", ()), ("softmax", (2, 3)), ("log_softmax", (2, 3)),
                    ("hardswish", (7,))]:
    x = torch.tensor([-4.0, -3.0, -1.0, 0.5, 2.5, 3.0, 5.0], dtype=torch.float64)
    x = x[:max(1, 6 if shape else 1)].reshape(shape) if shape != (7,) else x
    x.requires_grad_()
    y = F.hardswish(x) if name == "hardswish" else getattr(x, name)(-1)
    grad_output = torch.tensor([0.5, -1.0, 2.0, 1.5, -0.25, 0.75, 1.0], dtype=torch.float64)
    grad_output = grad_output[:y.numel()].reshape(y.shape).requires_grad_()
    (g,) = torch.autograd.grad(y, x, grad_output, create_graph=True)
    scale = torch.tensor([1.0, -0.5, 0.25, 2.0, -1.5, 0.5, 1.0], dtype=torch.float64)
    for second in torch.autograd.grad((g * scale[:g.numel()].reshape(g.shape)).sum(),
                                      (x, grad_output), create_graph=True):
        print(name, shape, second)
        tree(second.grad_fn)

# masked_scatter_ of a 0-d tensor under a 0-d mask (fuzz 3:8050): the input's gradient is
# grad.masked_fill(mask, 0) in its own shape (no reduction node)
v0 = torch.tensor(-2.0, requires_grad=True)
v1 = v0.clone().masked_scatter_(torch.tensor(True), torch.tensor([-1.25, -2.0]))
(g,) = torch.autograd.grad(v1, v0, torch.tensor(1.5, requires_grad=True), create_graph=True)
print("masked_scatter_", g)
tree(g.grad_fn)

# matmul folded into one mm (fuzz 3:11372): the folded matrix's PyTorch view strides (not
# NumPy's, which differ in dims of size 1) decide whether its gradient is formed transposed
# (mat2 @ grad.t()).t(); a half product's layout tests read its operands, not their float32
# copies
for sa, sb, dtype in [((4, 1), (1, 1, 4), torch.float32), ((1, 3), (2, 3, 1), torch.float16),
                      ((4, 1), (2, 1, 4), torch.float16), ((3, 1, 4), (4, 2), torch.float32)]:
    a = torch.arange(sa[0] * sa[-1] * (sa[1] if len(sa) == 3 else 1), dtype=dtype) * 0.5 - 1
    a = a.reshape(sa).requires_grad_()
    b = torch.arange(sb[0] * sb[1] * (sb[2] if len(sb) == 3 else 1), dtype=dtype) * 0.25 - 2
    b = b.reshape(sb).requires_grad_()
    for g in torch.autograd.grad(a.matmul(b).sum(), (a, b), create_graph=True):
        print("matmul", sa, sb, dtype, g)
        tree(g.grad_fn)

# elu, selu, celu (and their in-place forms, which save the result): elu_double_backward's
# product with input_scale is a MulBackward1
for name in ["elu", "selu", "celu", "elu_", "selu_", "celu_"]:
    x0 = torch.tensor([[0.3, -1.2, 2.5], [0.7, -0.4, 1.1]], dtype=torch.float64,
                      requires_grad=True)
    y = getattr(F, name)(x0 * 1)
    grad_output = torch.full_like(y, 1.5).requires_grad_()
    (g,) = torch.autograd.grad(y, x0, grad_output, create_graph=True)
    for second in torch.autograd.grad((g * g).sum(), (x0, grad_output), create_graph=True):
        print(name, second)
        tree(second.grad_fn)

# logsigmoid (log_sigmoid_double_backward: z - 1 is a SubBackward1) and silu (its
# infinitely differentiable formula's right factor is made first, which orders the
# accumulation into the sigmoid's gradient)
for name, fn in (("logsigmoid", F.logsigmoid), ("silu", F.silu), ("mish", F.mish)):
    x = torch.tensor([[0.3, -1.2, 2.5], [0.7, -0.4, 1.1]], dtype=torch.float64,
                     requires_grad=True)
    grad_output = torch.full((2, 3), 1.5, dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(fn(x), x, grad_output, create_graph=True)
    for second in torch.autograd.grad((g * g).sum(), (x, grad_output), create_graph=True):
        print(name, second)
        tree(second.grad_fn)

# smooth_l1_loss, huber_loss: PyTorch's double backward formulas (divisions by numbers are
# DivBackward1); the incoming gradient's: smooth_l1's formula of grad_grad, huber's
# huber_loss_double_backward_grad_output
for name in ["smooth_l1_loss", "huber_loss"]:
    for reduction in ["mean", "sum", "none"]:
        x = torch.tensor([[0.3, -1.2, 2.5], [0.7, -0.4, 1.1]], dtype=torch.float64,
                         requires_grad=True)
        t = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3]], dtype=torch.float64,
                         requires_grad=True)
        y = getattr(F, name)(x, t, reduction=reduction)
        grad_output = torch.full_like(y, 1.5).requires_grad_()
        gx, gt = torch.autograd.grad(y, (x, t), grad_output, create_graph=True)
        for second in torch.autograd.grad((gx * gx).sum() + (gt * 2).sum(), (x, t, grad_output),
                                          create_graph=True):
            print(name, reduction, second)
            tree(second.grad_fn)

# batch_norm (training and eval, with and without affine parameters) and instance_norm:
# batchnorm_double_backward term by term, the statistics constants; a bias without a weight
# refuses as layer_norm's
for training, affine in [(True, True), (True, False), (False, True), (False, False)]:
    x = torch.tensor([[[0.3, -1.2], [2.5, 0.1]], [[0.7, -0.4], [1.1, -2.0]],
                      [[0.2, 0.9], [-0.6, 1.4]]], dtype=torch.float64, requires_grad=True)
    params = [torch.tensor([0.5, -1.5], dtype=torch.float64, requires_grad=True),
              torch.tensor([0.1, 0.3], dtype=torch.float64, requires_grad=True)] if affine else []
    y = F.batch_norm(x, torch.tensor([0.1, -0.2], dtype=torch.float64),
                     torch.tensor([0.9, 1.3], dtype=torch.float64), *(params or [None, None]),
                     training=training)
    grad_output = torch.linspace(-1.0, 1.0, 12, dtype=torch.float64).reshape(3, 2, 2)
    grads = torch.autograd.grad(y, [x] + params, grad_output.requires_grad_(),
                                create_graph=True)
    total = sum((g * torch.arange(g.numel(), dtype=torch.float64).reshape(g.shape) * 0.25).sum()
                + (g * g).sum() for g in grads)
    for second in torch.autograd.grad(total, [x, grad_output] + params, create_graph=True,
                                      allow_unused=True):
        print("batch_norm", training, affine, second)
        if second is not None:
            tree(second.grad_fn)
x = torch.tensor([[[0.3, -1.2, 2.5], [0.7, -0.4, 1.1]]], dtype=torch.float64, requires_grad=True)
(g,) = torch.autograd.grad(F.instance_norm(x), x, torch.ones(1, 2, 3, dtype=torch.float64) * 1.5,
                           create_graph=True)
(second,) = torch.autograd.grad((g * g).sum(), x)
print("instance_norm", second)
bias = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
gx, gb = torch.autograd.grad(F.batch_norm(x[0].t(), None, None, None, bias, training=True),
                             (x, bias), torch.ones(3, 2, dtype=torch.float64), create_graph=True)
try:
    torch.autograd.grad((gx * gx).sum() + (gb * gb).sum(), x)
except RuntimeError as error:
    print("RuntimeError", error)

# where and linalg.cross: PyTorch's generated backward takes the inputs in alphabetical order
# (other before self), which orders the new nodes and so the accumulation (AddBackward0's
# operands) of a later backward
for name in ["where", "cross"]:
    x = torch.tensor([[0.3, -1.2, 2.5], [0.7, -0.4, 1.1]], dtype=torch.float64,
                     requires_grad=True)
    t = torch.tensor([[0.5, -1.0, 2.0], [0.1, 0.2, -0.3]], dtype=torch.float64,
                     requires_grad=True)
    y = torch.where(x > 0, x * x, t * x) if name == "where" else torch.linalg.cross(x, t)
    grad_output = torch.full_like(y, 1.5).requires_grad_()
    gx, gt = torch.autograd.grad(y, (x, t), grad_output, create_graph=True)
    scale = torch.tensor([[1.0, -0.5, 2.0], [0.25, 1.0, -1.5]], dtype=torch.float64)
    for second in torch.autograd.grad((gx * scale).sum() + (gt * scale).sum(),
                                      (x, t, grad_output), create_graph=True):
        print(name, second)
        tree(second.grad_fn)

# cross_entropy with label_smoothing: PyTorch's compiled sum makes the smoothing term first,
# which orders a second order's accumulation
for reduction in ["mean", "sum", "none"]:
    x = torch.tensor([[0.3, -1.2, 2.5], [0.7, -0.4, 1.1]], dtype=torch.float64,
                     requires_grad=True)
    y = F.cross_entropy(x, torch.tensor([0, 2]), reduction=reduction, label_smoothing=0.1)
    grad_output = torch.full_like(y, 1.5).requires_grad_()
    (g,) = torch.autograd.grad(y, x, grad_output, create_graph=True)
    for second in torch.autograd.grad((g * g).sum(), (x, grad_output), create_graph=True):
        print("cross_entropy label_smoothing", reduction, second)
        tree(second.grad_fn)
