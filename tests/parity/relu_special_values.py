# relu keeps -0.0 and NaN as they are and zeroes negatives (out of place, in place, module),
# and its gradient is zero wherever the result is not positive.
import torch

t = torch.tensor([-0.0, float("nan"), -float("inf"), -1.0, 2.0, float("inf")])
print(torch.relu(t))
print(t.clone().relu_())
print(torch.nn.ReLU()(t.double()))
x = torch.tensor([-0.0, -1.0, 0.5, 3.0], requires_grad=True)
torch.relu(x).sum().backward()
print(x.grad)
print(torch.relu(torch.tensor([-2, 0, 3])))
# a NaN result passes its gradient through (threshold_backward zeroes only result <= 0)
x = torch.tensor([float("nan"), -1.0, 0.0, 2.0], requires_grad=True)
torch.relu(x).sum().backward()
print(x.grad)
x.grad = None
(g,) = torch.autograd.grad(torch.relu(x).sum(), x, create_graph=True)
print(g)
# the same on a tensor large enough for hookgrad's bit-mask path (over 2048 elements)
big = torch.tensor([-0.0, float("nan"), -float("inf"), -1.0, 2.0, float("inf")]).repeat(500)
big.requires_grad_()
out = torch.relu(big)
print(out[-6:], out.shape)
(out * torch.arange(3000.)).sum().backward()
print(big.grad[-6:])
w = torch.tensor([-0.0, float("nan"), -float("inf"), -1.0, 2.0, float("inf")]).double().repeat(500)
print(w.clone().relu_()[:6], torch.nn.ReLU(inplace=True)(w.clone().half())[-6:])
