# F.linear builds PyTorch's graph in PyTorch's order: with a bias and a contiguous input of
# another rank than 2, the input is reshaped before weight.t() (which decides the order a
# backward runs the two branches in); a non-contiguous one is matmul then + bias.
import torch

F = torch.nn.functional
w = torch.ones(3, 4, requires_grad=True)
b = torch.ones(3, requires_grad=True)
def walk(fn, root, d=0, out=None):
    """Each node's name and its sequence number counted back from the root's."""
    out = [] if out is None else out
    if fn is None:
        return out
    seq = fn._sequence_nr()
    out.append(" " * d + fn.name() + ":" + (str(root - seq) if seq < 2 ** 63 else "max"))
    for f, _ in fn.next_functions:
        walk(f, root, d + 1, out)
    return out
for label, x in (("1d", torch.ones(4, requires_grad=True)), ("3d", torch.ones(2, 2, 4, requires_grad=True)),
                 ("3d nc", torch.ones(2, 4, 2, requires_grad=True).transpose(1, 2)),
                 ("4d", torch.ones(1, 2, 2, 4, requires_grad=True)), ("4d nc", torch.ones(1, 2, 4, 2, requires_grad=True).transpose(2, 3))):
    for bias in (b, None):
        y = F.linear(x, w, bias)

        names = walk(y.grad_fn, y.grad_fn._sequence_nr())
        # relative order of T vs the input's reshape
        print(label, bias is not None, y.grad_fn.name(), [n.strip() for n in names])
v1 = torch.tensor([-0.75, -2.0, -2.0], requires_grad=True)
v1.retain_grad()
weight = torch.tensor([[2.0, 2.0, 1.0], [2.0, 1.5, 1.25], [-1.75, -1.75, 0.75]], requires_grad=True)
weight.register_hook(lambda g: g.double())
try:
    F.linear(v1, weight, torch.zeros(3, requires_grad=True)).sum().backward()
except RuntimeError as e:
    print("RuntimeError", e)
print("input's grad before the hook failed:", v1.grad)
