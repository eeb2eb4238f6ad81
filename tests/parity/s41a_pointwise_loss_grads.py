# mse_loss's, smooth_l1_loss's and huber_loss's gradients round as PyTorch's CPU kernels
# (mse_backward / smooth_l1_backward / huber_backward): norm (2 / numel, 1 / numel for a
# mean, rounded to the dtype) times the slope, then times the incoming gradient -- not the
# slope times a pre-scaled gradient (an ulp off on about half the elements of a mean over a
# count that is not a power of two). Past the last whole block of two vectors the element
# loop orders them otherwise and takes beta / delta as a double. Bit patterns of the first
# and last elements (1003 of them: a tail of 11 float32 / 3 float64) (sweep s41a).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    t = t.detach()
    picked = torch.cat([t[:10], t[-12:]])
    return picked.numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


rng = np.random.default_rng(4)
A, B = rng.standard_normal(1003) * 2, rng.standard_normal(1003) * 2
losses = {"mse": lambda a, b, r: F.mse_loss(a, b, reduction=r),
          "smooth_l1": lambda a, b, r: F.smooth_l1_loss(a, b, reduction=r, beta=0.7),
          "huber": lambda a, b, r: F.huber_loss(a, b, reduction=r, delta=0.7)}
for dtype in (torch.float32, torch.float64):
    for reduction in ("mean", "sum", "none"):
        for cg in (False, True):
            for name, loss in losses.items():
                a = torch.tensor(A, dtype=dtype, requires_grad=True)
                b = torch.tensor(B, dtype=dtype, requires_grad=True)
                y = loss(a, b, reduction)
                go = (torch.linspace(-1.3, 1.7, 1003, dtype=dtype) if reduction == "none"
                      else torch.tensor(0.77, dtype=dtype))
                ga, gb = torch.autograd.grad(y, (a, b), go, create_graph=cg)
                print(name, dtype, reduction, cg, "input", bits(ga))
                print(name, dtype, reduction, cg, "target", bits(gb))
