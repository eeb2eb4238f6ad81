# quantile / nanquantile of a 0-d tensor along a dim: PyTorch moves the dim as for any dim but
# the last (unsqueeze(-1).transpose(dim, -1)), so the input's gradient made under create_graph
# comes back through SqueezeBackward1 and TransposeBackward0 (fuzz 53:7324).
import torch


def chain(node, depth=3):
    names = []
    while node is not None and depth:
        names.append(type(node).__name__)
        nexts = [n for n, _ in node.next_functions if n is not None]
        node = nexts[0] if nexts else None
        depth -= 1
    return names


for fn in (torch.quantile, torch.nanquantile):
    for q in (torch.tensor([0.4, 0.9], requires_grad=True), 0.3):
        x = torch.tensor(1.75, requires_grad=True)
        out = fn(x, q, dim=-1, keepdim=True)
        (grad,) = torch.autograd.grad(out.sum(), x, create_graph=True)
        print(fn.__name__, out, type(out.grad_fn).__name__, grad, chain(grad.grad_fn))
