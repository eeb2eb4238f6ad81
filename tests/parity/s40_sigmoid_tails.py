# silu, mish and log_sigmoid far from 0: PyTorch's formulas through exp (silu's
# x / (1 + exp(-x)), sigmoid's 1 / (1 + exp(-x)), log_sigmoid's backward z / (1 + z) with
# z = exp(-|x|)) keep tiny values where a tanh-based sigmoid cancels to 0 below x = -17
# (fuzz 44:8481: silu in place then fmod by itself, 0 / 0 where PyTorch had -3.7e-31).
import torch

F = torch.nn.functional
x = torch.tensor([-74.37, -30.0, -17.5, -5.0, 0.0, 3.0, 30.0], requires_grad=True)
for f in (F.silu, F.mish, F.logsigmoid):
    y = f(x)
    g, = torch.autograd.grad(y.sum(), x)
    print([f"{v:.6g}" for v in y.tolist()], [f"{v:.6g}" for v in g.tolist()])
y = x.detach().clone()
F.silu(y, inplace=True)
print([f"{v:.6g}" for v in y.tolist()], torch.fmod(y, y).tolist())
