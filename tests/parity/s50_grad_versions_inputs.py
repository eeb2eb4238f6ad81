# 104:4737: an empty input's gradient through cummin / cummax is the input itself (PyTorch's
# formula returns it); its version counter stays the input's, so a second backward through a
# graph that saved the input still finds it unmodified.
import torch

v0 = torch.zeros((4, 0, 5, 4)).requires_grad_()
values, indices = torch.cummin(v0, -2)
reshaped = values.reshape_as(torch.zeros((0, 2)))
total = values.sum()
reshaped.sum().backward(retain_graph=True)
print(v0.grad.shape, v0._version)
total.backward()
print(v0.grad.shape, v0._version)
