# cross_entropy with class probabilities, mean reduction, over an empty batch: PyTorch returns
# -(input * target).sum().fill_(NaN) (NegBackward0 over FillBackward2), whose gradient is
# zeros with no graph under create_graph.
import torch
F = torch.nn.functional


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


for shape, weighted in [((0, 1), False), ((0, 3), True), ((2, 3, 0), False), ((2, 3), False)]:
    x = torch.zeros(shape, requires_grad=True)
    target = torch.ones(shape).softmax(1)
    w = torch.tensor([1.0] * shape[1], requires_grad=True) if weighted else None
    loss = F.cross_entropy(x, target, w)
    print(shape, loss, tree(loss.grad_fn))
    g, = torch.autograd.grad(loss, x, torch.ones_like(loss, requires_grad=True),
                             create_graph=True)
    print(g.shape, tree(g.grad_fn))
    print(F.cross_entropy(x, target, w, reduction="sum"), F.cross_entropy(x, target, w,
                                                                         label_smoothing=0.1))
