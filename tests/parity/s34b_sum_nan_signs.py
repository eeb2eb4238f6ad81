# Fuzz (27:6002): which NaN a sum / mean returns when NaNs of both signs meet. PyTorch's
# cascade sum keeps the running total's NaN at every addition but the last step of an inner
# reduction, where the vector lanes are added into the total and a NaN lane wins (AVX2:
# 8 float32 / 4 float64 lanes). Printed as sign bits (a NaN prints as nan either way).
import torch

F = torch.nn.functional
nan = float("nan")
for dtype in (torch.float32, torch.float64):
    for n in (5, 8, 18, 40, 1001):
        signs = []
        for i, j in ((0, 1), (1, 0), (0, n - 1), (n - 1, 0), (n - 2, n - 1), (n - 1, n - 2),
                     (1, n // 2), (n // 2, 1)):
            x = torch.zeros(n, dtype=dtype)
            x[i], x[j] = nan, -nan
            signs.append(int(torch.signbit(x.sum())))
            signs.append(int(torch.signbit(x.mean())))
        print(dtype, n, signs)
    x = torch.zeros(3, 37, dtype=dtype)
    x[0, 3], x[0, 11] = nan, -nan
    x[1, 36], x[1, 0] = nan, -nan
    x[2, 1], x[2, 2] = -nan, nan
    print(dtype, "rows", torch.signbit(x.sum(1)).tolist(), torch.signbit(x.mean(-1)).tolist())
# the fuzz program's loss: a float64 power with negative bases gives NaNs of both signs
base = torch.tensor([0.25, 1.75, 1.0, -1.75, 1.0, -2.0, 0.25, -1.0, -1.75, -1.75, 2.0, 0.0,
                     0.5, 1.75, 1.5, -1.0, -2.0, 0.25]).reshape(2, 3, 3)
power = torch.tensor([0.5, 1.75, 2.25, 1.5, 1.75, 3.0, 2.75, 0.75, 1.75, 1.0, 2.5, 2.75, 3.0,
                      0.5, 0.75, 2.75, 1.5, 3.0], dtype=torch.float64).reshape(2, 3, 3)
target = torch.tensor([1.0, -1, -1, -1, 1, 1, 1, 1, -1, -1, -1, 1, 1, 1, 1, -1, 1, 1])
loss = F.hinge_embedding_loss(torch.pow(base, power), target.reshape(2, 3, 3))
print("hinge", torch.signbit(loss).item(), torch.copysign(torch.ones(2), loss))
