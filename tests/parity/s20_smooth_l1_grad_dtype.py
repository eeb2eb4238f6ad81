# smooth_l1_loss of an input and a target of two dtypes, under create_graph: each gradient is
# made in its own input's dtype by SmoothL1LossBackwardBackward0 itself (no ToCopyBackward0
# after it), and differentiates again.
import torch

F = torch.nn.functional
for shape in ((0, 2), (2, 3)):
    for first, second in ((torch.float64, torch.float32), (torch.float32, torch.float64)):
        a = (torch.arange(6.0)[: shape[0] * shape[1]].reshape(shape) / 4).to(first)
        a.requires_grad_()
        b = torch.full(shape, 0.6, dtype=second, requires_grad=True)
        for reduction in ("mean", "none"):
            out = F.smooth_l1_loss(a, b, reduction=reduction, beta=0.5)
            ga, gb = torch.autograd.grad(out.sum(), (a, b), create_graph=True)
            nexts = [n.name() if n else None for n, _ in ga.grad_fn.next_functions]
            print(shape, first, reduction, ga.dtype, gb.dtype, ga.grad_fn.name(),
                  gb.grad_fn.name(), nexts)
            print(ga, gb)
            if ga.numel():
                print(torch.autograd.grad((ga * ga).sum() + gb.sum(), (a, b), allow_unused=True))
