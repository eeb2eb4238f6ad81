# Issue 11 (fuzz 7:14609): the whole-tensor median / nanmedian of an empty input: under
# create_graph its gradient is still PyTorch's graph (zeros masked_fill'ed with grad / count),
# so it requires grad, although no element is filled.
import torch


def names(node):
    return [node.name()] + [n for child, _ in node.next_functions if child is not None
                            for n in names(child)]


for reduce in (torch.median, torch.nanmedian):
    x = torch.zeros((0, 2)).requires_grad_()
    y = reduce(x).log_softmax(0)
    (g,) = torch.autograd.grad([y], [x], create_graph=True)
    print(reduce.__name__, g, names(g.grad_fn))
    (gg,) = torch.autograd.grad(g.sum(), x, allow_unused=True)
    print(gg)
    x = torch.zeros((0, 2)).requires_grad_()
    y = reduce(x)
    y.backward()
    print(x.grad)
