# A leaf whose shape an in-place view op changed without grad mode (t_) while its
# AccumulateGrad lived: gradients are checked against the shape that AccumulateGrad recorded
# (PyTorch's error names the node whose gradient disagrees); once the AccumulateGrad is gone a
# new one takes the new shape.
import torch

v0 = torch.tensor([[0.0, 1], [2, 3], [4, 5], [6, 7], [8, 9]], requires_grad=True)
h = v0 * 1
with torch.no_grad():
    v0.t_()
try:
    (v0 * 2).sum().backward()
except RuntimeError as error:
    print("RuntimeError", error)
print(v0.grad)
del h
(v0 * 2).sum().backward()
print(v0.grad)

# a view of it, made before: its grad_fn regenerates (AsStridedBackward0) over the base as it
# is now, and its gradient is refused the same way
v0 = torch.tensor([[-0.155, 2.372], [-1.748, 2.106], [-1.147, 0.697], [-0.296, -0.572],
                   [2.324, -1.459]], dtype=torch.float64, requires_grad=True)
v2 = v0.reshape(2, 1, 5)
with torch.no_grad():
    v0.t_()
print(v2.grad_fn.name())
try:
    v2.sum().backward()
except RuntimeError as error:
    print("RuntimeError", error)
print(v0.grad)
