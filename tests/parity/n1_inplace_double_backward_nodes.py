# The graph a create_graph=True backward builds through in-place ops, node by node as
# PyTorch builds it: CopySlices (an op written through a view) differentiates as a copy of
# the gradient (CopyBackwards), its view's region (AsStridedBackward0), a clone of it for
# the op (CloneBackward0) and the op's gradient copied back (CopySlices); a view regenerated
# after its base changed (AsStridedBackward0) as a copy into zeros (CopySlices) seen through
# as_strided, its size-1 dims squeezed and expanded dims summed; the saved result of an op
# applied in place through a view has the view's grad_fn; the saved input of an op applied
# in place is a clone (CloneBackward0) of the old value. Also the second derivatives.
import torch


def tree(fn, depth=9):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


def show(label, grads, inputs):
    for g in grads:
        print(label, g, tree(g.grad_fn) if g is not None else None)
    total = sum(g.sum() for g in grads if g is not None and g.requires_grad)
    if torch.is_tensor(total):
        print(label, 'second:', torch.autograd.grad(total, inputs, allow_unused=True))


# an op through a view: gradient with and without history
for make_grad in (lambda: torch.tensor([[1.5, -0.5, 2.0], [0.25, 1.0, -1.0]], requires_grad=True),
                  lambda: torch.ones(2, 3)):
    x = torch.tensor([[0.3, 0.6, 1.2], [2.0, 0.1, 0.9]], requires_grad=True)
    y = x * 1
    y.view(-1).sqrt_()
    g = make_grad()
    show('sqrt_ through view', torch.autograd.grad(y, x, g, create_graph=True),
         [x] + ([g] if g.requires_grad else []))

for op in ('relu_', 'sigmoid_', 'tanh_', 'sin_', 'abs_'):
    x = torch.tensor([[-0.7, 0.4], [1.1, -0.2], [0.5, 0.8]], requires_grad=True)
    y = x * 1
    getattr(y.t(), op)()
    show(op + ' through t()', torch.autograd.grad(y.sum(), x, create_graph=True), [x])

# writing a tensor through a view (setitem), the source's gradient
x = torch.zeros(2, 3)
s = torch.tensor([1.5, -2.0], requires_grad=True)
x[:, 1] = s
g = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
show('setitem', torch.autograd.grad(x, s, g, create_graph=True), [s, g])

# a regenerated view read after the base changed, a 0-d one, an expanded one
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
y = x * 1
v = y[0]
v.mul_(2)
gv = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
show('regenerated view', torch.autograd.grad(v, x, gv, create_graph=True), [x, gv])

base = torch.tensor([0.5, 1.5])
view = base[1:]
src = torch.tensor([[-3.5]], requires_grad=True)
view[::3, None] = src
gz = torch.tensor(1.25, requires_grad=True)
show('two paths into CopySlices',
     torch.autograd.grad(view.sum() + base.sum(), src, gz, create_graph=True), [src, gz])

for size in ((2, 3, 4), (1, 3, 1)):
    x = torch.tensor([[[1.0], [2.0], [3.0]]], requires_grad=True)
    e = x.expand(*size)
    with torch.no_grad():
        e.fill_(1.0)
    ge = torch.arange(1.0, 1.0 + e.numel()).reshape(size).requires_grad_()
    show('expanded view ' + str(size), torch.autograd.grad(e, x, ge, create_graph=True), [x, ge])

# the saved input of an op applied in place is a clone of the old value
for op in ('log_', 'sin_', 'abs_', 'cumprod_', 'square_', 'mul_', 'div_', 'atan2_', '__ipow__'):
    x = torch.tensor([0.3, 0.6], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([0.7, 0.2], dtype=torch.float64, requires_grad=True)
    y = x * 1
    args = {'log_': (), 'sin_': (), 'abs_': (), 'cumprod_': (0,), 'square_': ()}.get(op, (w,))
    getattr(y, op)(*args)
    print(op, tree(y.grad_fn, 2))
    show(op, torch.autograd.grad(y.sum(), [x, w], create_graph=True, allow_unused=True), [x, w])

# an op written through an expanded view: the backward's copy into the view's region is
# refused as PyTorch refuses it (with and without create_graph); size-1 expansions are fine
for op in ('zero_', 'fill_'):
    for shape in ((3, 4), (3, 1)):
        x = torch.ones(3, 1, requires_grad=True)
        y = x * 1
        v = y.expand(*shape)
        getattr(v, op)(*((2.0,) if op == 'fill_' else ()))
        for cg in (False, True):
            try:
                r = torch.autograd.grad(y.sum(), x, create_graph=cg)
                print(op, shape, cg, r)
            except RuntimeError as e:
                print(op, shape, cg, 'raised', e)
