# An elementwise op on a fully expanded operand (a sum's gradient, expand()) and a permuted
# one (fuzz 70:15587): PyTorch's iterator orders the loop by the permuted operand's memory, so
# its vector loop covers the same elements as for a contiguous input. Pinned where the two
# loops give other non-finite values: logit's gradient at NaN (0 in the vector loop),
# maximum's NaN and division's NaN signs.
import numpy as np
import torch

nan = float("nan")
v3 = torch.tensor([[[2.753, -2.766, -0.572], [0.422, -0.049, 0.638], [0.648, 2.172, -0.259]],
                   [[3.707, nan, 0.356], [0.278, 1.677, -0.06], [-1.378, 0.404, -1.092]]],
                  requires_grad=True)
torch.logit(v3.permute(2, 1, 0), eps=0.25).sum().backward()
print(v3.grad)
base = torch.tensor([0.1 * i for i in range(40)]).reshape(2, 4, 5)
base[1, 2, 3] = nan
base[0, 0, 0] = nan
base[1, 3, 4] = nan
for perm in ((2, 1, 0), (1, 2, 0), (0, 2, 1)):
    x = base.permute(*perm).detach().requires_grad_()
    torch.logit(x).sum().backward()
    print(perm, x.grad.isnan().sum().item(), x.grad.flatten()[:6])
    expanded = torch.tensor(-nan).expand(x.shape)
    print(np.signbit(torch.maximum(expanded, x).detach().numpy()).sum())
    print(np.signbit((expanded / x).detach().numpy()).sum(),
          np.signbit((torch.tensor(0.0).expand(x.shape) / x).detach().numpy()).sum())
