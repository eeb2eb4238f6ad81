# addmm (and addmv, addr, baddbmm, addbmm) with beta=0 ignore the input, NaN and inf included.
import torch

inf, nan = float("inf"), float("nan")
m1, m2 = torch.tensor([[1.5]]), torch.tensor([[-1.0, 0.5]])
for bias in ([inf, -0.75], [[nan, 1.0]], [nan]):
    b = torch.tensor(bias, requires_grad=True)
    for beta in (0, 0.0, 1, 2):
        out = torch.addmm(b, m1, m2, beta=beta)
        print(beta, out.tolist(), torch.autograd.grad(out.sum(), b)[0].tolist())
b = torch.tensor([inf, nan])
print(torch.addmv(b, torch.ones(2, 2), torch.ones(2), beta=0).tolist(),
      torch.addr(torch.tensor([[nan]]), torch.ones(1), torch.ones(1), beta=0).tolist(),
      torch.baddbmm(torch.tensor([[[nan]]]), torch.ones(1, 1, 1), torch.ones(1, 1, 1),
                    beta=0).tolist(),
      torch.addbmm(torch.tensor([[nan]]), torch.ones(1, 1, 1), torch.ones(1, 1, 1),
                   beta=0).tolist())
