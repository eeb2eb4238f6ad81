# Fuzz seed 1 (g1): the nodes the gradient formulas record under create_graph, as PyTorch's
# (names and next_functions, three levels down from .grad's CopyBackwards).
import warnings

import torch

F = torch.nn.functional
warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)


def nx(fn, depth=3):
    if fn is None or depth == 0:
        return None if fn is None else fn.name()
    return [fn.name(), [nx(f, depth - 1) for f, _ in fn.next_functions]]


# xlogy(tensor, number): no masked_fill for a positive number
for other in (0.5, 0.0, -1.0, float("nan"), 2):
    a = torch.tensor([0.0, 1.5, -2.0], requires_grad=True)
    (a.xlogy(other) * a).sum().backward(create_graph=True)
    print("xlogy", other, a.grad, nx(a.grad.grad_fn))
# its node still saves the tensor: a second backward without retain_graph is refused
for other in (3.0, -1.0):
    s = torch.xlogy(torch.tensor([0.5, 2.0], requires_grad=True), other).sum()
    s.backward()
    try:
        s.backward()
    except RuntimeError as error:
        print("xlogy second backward:", str(error)[:48])

# tensor ** tensor: the exponent's gradient takes the log of the base in the promoted dtype
# (a.pow_(b) with a wider b: no cast of the product back, PyTorch multiplies in the wider dtype)
for shape in ([1.75, 0.5], 1.75):
    for da, db, ga in [(torch.float32, torch.float64, False), (torch.float32, torch.float64, True),
                       (torch.float64, torch.float32, True), (torch.float32, torch.float32, True)]:
        for inplace in (False, True):
            a = torch.tensor(shape, dtype=da, requires_grad=ga)
            b = torch.tensor(1.25, dtype=db, requires_grad=True)
            r = a.clone().pow_(b) if inplace else a.pow(b)
            (r * r).sum().backward(create_graph=True)
            print("pow", da, db, ga, inplace, b.grad, nx(b.grad.grad_fn, 4))
            if ga:
                print("pow base", a.grad, nx(a.grad.grad_fn, 4))

# vector @ matrix: an empty vector unsqueezed is not column-major (PyTorch's strides (0, 1)),
# so its gradient is grad.mm(mat2.t()), not the transposed formula
for n, m in [(0, 1), (0, 3), (1, 2), (1, 0), (2, 0), (3, 2)]:
    a = torch.ones(n, requires_grad=True)
    b = torch.ones(n, m, requires_grad=True)
    r = torch.matmul(a, b)
    (r * r).sum().backward(create_graph=True)
    print("matmul", n, m, a.grad, nx(a.grad.grad_fn, 4), b.grad, nx(b.grad.grad_fn, 4))

# det of an invertible matrix: PyTorch solves A^T X = diag(grad * det) (LinalgSolveExBackward0)
A = torch.tensor([[-1.5, 2.0, 1.25], [-1.5, -1.5, -1.75], [0.5, 2.0, -1.25]], requires_grad=True)
torch.linalg.det(A).backward(create_graph=True)
print("det", A.grad, nx(A.grad.grad_fn, 7))
A.grad = None
(torch.det(A) ** 2).backward(create_graph=True)
print("det squared", A.grad, nx(A.grad.grad_fn, 7))
C = torch.tensor([[[2.0, 1.0], [0.5, 3.0]], [[1.0, -1.0], [4.0, 0.25]]], requires_grad=True)
torch.linalg.det(C).sum().backward(create_graph=True)
print("det batch", C.grad, nx(C.grad.grad_fn, 7))
second = torch.autograd.grad(C.grad.sum(), C)[0]
print("det second", second)

# cosine_similarity of two shapes that differ expands both (C++'s expand_outplace)
for s1, s2 in [((1, 2), (2, 1, 2)), ((2, 2), (2, 2)), ((3, 2), (1, 2))]:
    x1 = torch.tensor([[-1.382, -0.47]], dtype=torch.float64).expand(s1).clone().requires_grad_()
    x2 = torch.tensor([[1.864, -0.16]]).expand(s2).clone().requires_grad_()
    r = F.cosine_similarity(x1, x2)
    print("cosine", s1, s2, nx(r.grad_fn, 5))
    (r.sum() + x2.sum()).backward(create_graph=True)
    print("cosine grads", x1.grad, nx(x1.grad.grad_fn, 3), x2.grad, nx(x2.grad.grad_fn, 3))

# tanh/sigmoid's double backward: C++'s -2 * output (+ 1) records MulBackward1 (AddBackward1)
for name in ("tanh", "sigmoid"):
    x = torch.tensor([[-0.5, 0.75]], requires_grad=True)
    y = getattr(torch, name)(x)
    seen = []
    y.register_hook(lambda g, seen=seen: seen.append(nx(g.grad_fn, 4)))
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad(g.sum(), x, create_graph=True)
    print(name, g, gg, nx(gg.grad_fn, 6), seen)

# logaddexp2 under create_graph: grad / (1 + pow(2, other - self)) (AddBackward1, PowBackward2)
v1 = torch.tensor([2.666, 2.225], requires_grad=True)
for other in (torch.tensor(-2), torch.tensor([0.5, -1.0], requires_grad=True)):
    v3 = torch.logaddexp2(v1, other)
    gs = torch.autograd.grad([v3.sum()], [v3, v1], create_graph=True)
    print("logaddexp2", [(g, nx(g.grad_fn, 4)) for g in gs])
    if other.requires_grad:
        (g,) = torch.autograd.grad([v3.sum()], [other], create_graph=True)
        print("logaddexp2 other", g, nx(g.grad_fn, 4))

# softplus's double backward: PyTorch's softplus_double_backward (MulBackward1 of beta, a
# SigmoidBackwardBackward0 inside)
for beta, threshold in [(1, 20), (2.0, 1.0), (0.5, 20)]:
    x = torch.tensor([[-0.25, -1.0, 1.75, 0.25, 3.0]], requires_grad=True)
    seen = []
    x.register_hook(lambda g, seen=seen: seen.append(nx(g.grad_fn, 5)))
    y = F.softplus(x, beta, threshold)
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad((g * g).sum(), x, create_graph=True)
    print("softplus", beta, threshold, g, gg, nx(gg.grad_fn, 6), seen)
v0 = torch.tensor([[[-0.25], [-1.0], [1.75], [0.25], [-1.25]]], requires_grad=True)
v1 = v0.split([1, 0], -1)
v2 = F.softplus(v1[1])
v0.register_hook(lambda grad: print("softplus hook", nx(grad.grad_fn, 5)))
v5 = torch.autograd.grad([v2], [v1[1]], grad_outputs=[torch.zeros((1, 5, 0))], create_graph=True)
v5[0].backward(gradient=torch.zeros((1, 5, 0)), create_graph=True)
print("softplus split", v0.grad, nx(v0.grad.grad_fn, 5))

# cartesian_prod: meshgrid's views flattened by reshape (a view where the layout allows)
for sizes in [(1, 1, 1), (2, 1), (1, 2), (1, 3, 1), (2, 3), (3, 1, 1), (1, 1, 4), (0, 2), (1, 0)]:
    ts = [torch.arange(float(n)).requires_grad_() for n in sizes]
    r = torch.cartesian_prod(*ts)
    print("cartesian_prod", sizes, r.shape, nx(r.grad_fn, 4))
base = torch.arange(6.0, requires_grad=True)
for parts in [(base[::2], base[1:2]), (base[::3], base[:1], base[1:2]), (base[::2], base[::5])]:
    r = torch.cartesian_prod(*parts)
    print("cartesian_prod strided", r, nx(r.grad_fn, 5))
    r.pow(2).sum().backward()
    print(base.grad)

# aminmax saves its min and max (PyTorch's _saved_min/_saved_max): changing one in place is refused

for kwargs in ({}, {"dim": 1}, {"dim": 0, "keepdim": True}):
    x = torch.tensor([[0.25, -1.0, 1.5], [1.5, -1.0, 0.0]], requires_grad=True)
    y = x * 2
    lo, hi = y.aminmax(**kwargs)
    node = lo.grad_fn
    print("aminmax", kwargs, node._saved_min, node._saved_max, node._saved_self.shape)
    (g,) = torch.autograd.grad((lo * hi).sum(), x, create_graph=True)
    print(g, nx(g.grad_fn))
    (gg,) = torch.autograd.grad(g.sum(), x, allow_unused=True)
    print(gg)
x = torch.tensor(1.5, requires_grad=True)
lo, hi = (x * 1).aminmax()
hi.mul_(2)
try:
    lo.backward()
except RuntimeError as e:
    print(str(e)[:160])
x = torch.tensor([[0.25, -1.0, 1.5]], requires_grad=True)
lo, hi = (x * 2).aminmax()
lo.not_equal_(hi)
try:
    print(torch.autograd.grad([lo.sum()], [x], allow_unused=True))
except RuntimeError as e:
    print(str(e)[:160])
