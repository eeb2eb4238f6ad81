# The nodes writes record, as PyTorch names and links them: zero_ (ZeroBackward0), fill_ with a
# number (FillBackward2) or a 0-d tensor (FillBackward3), copy_
# (torch::autograd::CopyBackwards), writes through views (CopySlices adopting those), and
# setitem as PyTorch's set_item: a number becomes a 0-d tensor (so CopySlices has an edge for
# it), a whole-tensor key writes the tensor itself, a value loses its leading size-1 dims
# (ViewBackward0) and is expanded (ExpandBackward0). Circular padding is such a chain of copies.
import torch

F = torch.nn.functional


def chain(fn, depth=3):
    if fn is None or depth == 0:
        return None
    return [(f[0].name(), chain(f[0], depth - 1)) if f[0] is not None else None
            for f in fn.next_functions]


def show(label, t):
    fn = t.grad_fn
    print(f"{label:22s} {fn.name() if fn else None} {chain(fn)} rg={t.requires_grad}")


leaf = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
scalar = torch.tensor(4.0, requires_grad=True)
row = torch.tensor([7.0, 8.0, 9.0], requires_grad=True)
row13 = torch.tensor([[7.0, 8.0, 9.0]], requires_grad=True)
column = torch.tensor([[7.0], [8.0]], requires_grad=True)
writes = {
    "zero_": lambda y: y.zero_(),
    "fill_(2)": lambda y: y.fill_(2),
    "fill_(0-d)": lambda y: y.fill_(torch.tensor(2.0)),
    "fill_(0-d rg)": lambda y: y.fill_(scalar),
    "copy_": lambda y: y.copy_(leaf * 2),
    "copy_ no grad": lambda y: y.copy_(torch.ones(2, 3)),
    "copy_ f64": lambda y: y.copy_((leaf * 2).double()),
    "copy_ broadcast": lambda y: y.copy_(row),
    "[0] = 5.0": lambda y: y.__setitem__(0, 5.0),
    "[0, 0] = 5": lambda y: y.__setitem__((0, 0), 5),
    "[0:1] = 5.0": lambda y: y.__setitem__(slice(0, 1), 5.0),
    "[:] = 5.0": lambda y: y.__setitem__(slice(None), 5.0),
    "[...] = 5.0": lambda y: y.__setitem__(Ellipsis, 5.0),
    "[:, :9] = 5.0": lambda y: y.__setitem__((slice(None), slice(None, 9)), 5.0),
    "[:, -9:] = 5.0": lambda y: y.__setitem__((slice(None), slice(-9, None)), 5.0),
    "[0] = scalar": lambda y: y.__setitem__(0, scalar),
    "[0] = row": lambda y: y.__setitem__(0, row),
    "[0] = row13": lambda y: y.__setitem__(0, row13),
    "[:] = row": lambda y: y.__setitem__(slice(None), row),
    "[0:1] = row": lambda y: y.__setitem__(slice(0, 1), row),
    "[None] = row": lambda y: y.__setitem__(None, row),
    "[...] = column": lambda y: y.__setitem__(Ellipsis, column),
    "[mask] = 5.0": lambda y: y.__setitem__(y > 3, 5.0),
    "[mask] = scalar": lambda y: y.__setitem__(y > 3, scalar),
    "[idx] = row13": lambda y: y.__setitem__(torch.tensor([1]), row13),
    "[idx, 0] = scalar": lambda y: y.__setitem__((torch.tensor([1]), 0), scalar),
    "[1:].zero_()": lambda y: y[1:].zero_(),
    "[1:].fill_(3.0)": lambda y: y[1:].fill_(3.0),
    "[1:].fill_(scalar)": lambda y: y[1:].fill_(scalar),
    "[1:].copy_(row)": lambda y: y[1:].copy_(row),
    "[1:].sigmoid_()": lambda y: y[1:].sigmoid_(),
    "[1:].add_(1)": lambda y: y[1:].add_(1),
}
for label, write in writes.items():
    for kind in ("", " (no grad)"):
        y = leaf * 1 if not kind else torch.zeros(2, 3)
        write(y)
        show(label + kind, y)

# the nodes' gradients: the overwritten tensor gets zeros (also for a NaN gradient), the
# written value its share; differentiable again
for label, write in (("zero_", lambda y: y.zero_()), ("fill_", lambda y: y.fill_(scalar)),
                     ("copy_", lambda y: y.copy_(row)),
                     ("[0] = 5.0", lambda y: y.__setitem__(0, 5.0)),
                     ("[1:] = scalar", lambda y: y.__setitem__(slice(1, None), scalar * scalar))):
    for t in (leaf, scalar, row):
        t.grad = None
    y = leaf * 1
    write(y)
    g = torch.tensor([[float("nan"), 1.0, 2.0], [3.0, 4.0, 5.0]], requires_grad=True)
    grads = torch.autograd.grad(y, (leaf, scalar, row), g, create_graph=True, allow_unused=True)
    print(label, [None if x is None else x.tolist() for x in grads])
    if grads[1] is not None:
        (second,) = torch.autograd.grad(grads[1], scalar, allow_unused=True)
        print("   second order:", None if second is None else second.tolist())

# circular padding: slice copies into an empty tensor
for shape, pad in (((1, 2, 3), [0, 2]), ((2, 3), [-1, 1]), ((1, 1, 3, 3), [1, 1, 1, 1])):
    x = torch.arange(float(torch.tensor(shape).prod())).reshape(shape).requires_grad_()
    y = F.pad(x, pad, mode="circular")
    print(shape, pad, y.tolist(), y.grad_fn.name())
    print("  ", chain(y.grad_fn, 4))
    (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
    print("   grad", x.grad.tolist())
