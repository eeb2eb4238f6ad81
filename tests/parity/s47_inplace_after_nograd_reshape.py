# A tensor whose shape changed in place under no_grad (swapdims_, t_, unsqueeze_) and is then
# written in place with grad: the in-place op's node checks its gradient against the shape
# the graph recorded, and PyTorch's engine refuses it naming that node (fuzz 77:202).
import torch
import torch.nn.functional as F

ops = [("sub_", lambda t: t.sub_(0.25)), ("mul_", lambda t: t.mul_(torch.full_like(t, 2.0))),
       ("clamp_", lambda t: t.clamp_(min=0.5)), ("exp_", lambda t: t.exp_())]
for name, op in ops:
    for case in range(3):
        x = torch.ones(2, 1, 5, requires_grad=True)
        if case == 0:
            y = F.conv1d(x, torch.ones(2, 1, 3))
        elif case == 1:
            y = (x * 2).expand(2, 2, 5)[..., :3] * 1
        else:
            y = (x * 2).repeat(1, 2, 1)[..., :3]
        with torch.no_grad():
            y.swapdims_(-2, -1)
        try:
            out = op(y)
            out.sum().backward()
            print(name, case, "ok", x.grad.sum().item())
        except RuntimeError as e:
            print(name, case, e)
x = torch.ones(3, 4, requires_grad=True)
y = x * 3
with torch.no_grad():
    y.t_()
y.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print("t_", e)
