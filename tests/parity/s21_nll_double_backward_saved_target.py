# Issue 11 (fuzz 7:12352): nll_loss's double-backward node saves the target and the weight,
# as PyTorch's NllLossBackwardBackward0: modifying either in place after backward(create_graph)
# makes the second backward raise the version error.
import torch
import torch.nn.functional as F

cases = [("cross_entropy", lambda x, t, w: F.cross_entropy(x, t)),
         ("cross_entropy weight", lambda x, t, w: F.cross_entropy(x, t, weight=w)),
         ("nll_loss weight", lambda x, t, w: F.nll_loss(x, t, weight=w)),
         ("nll_loss 2d", lambda x, t, w: F.nll_loss(x.reshape(2, 2, 1, 1).log_softmax(1),
                                                     t.reshape(2, 1, 1)))]
for name, loss in cases:
    for modified in ("target", "weight"):
        x = torch.tensor([[-0.728, 0.3], [-1.925, 0.5]], dtype=torch.float64,
                         requires_grad=True)
        target = torch.tensor([-100, 0])
        weight = torch.tensor([0.5, 2.0], dtype=torch.float64)
        loss(x, target, weight).backward(create_graph=True)
        (target if modified == "target" else weight).mul_(1)
        try:
            x.grad.backward(torch.tensor([[-0.75, 0.5], [1.0, 0.25]], dtype=torch.float64))
            print(name, modified, "no error")
        except RuntimeError as e:
            print(name, modified, type(e).__name__, str(e)[:120])
# the node shows what it saved
for weight in [None, torch.tensor([0.5, 2.0], dtype=torch.float64)]:
    x = torch.tensor([[0.5, -1.0]], dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(F.cross_entropy(x, torch.tensor([1]), weight=weight), x,
                               create_graph=True)
    node = g.grad_fn.next_functions[0][0]
    print(node.name(), node._saved_target, node._saved_weight)
