# Issue 11 (fuzz): layer_norm's input gradient with an infinite weight (or gradient) as
# PyTorch's CPU kernel computes it, a * dy * w + b * x + c, where the infinities meet.
import torch

F = torch.nn.functional
x = torch.tensor([[[0.0, -1.5, 0.25], [-0.5, 2.0, 2.0]], [[-0.5, -1.25, -1.5], [-1.5, -1.25, 0.0]]],
                 requires_grad=True)
w = torch.tensor([1.69, 0.417, float("inf")])
g = torch.tensor([[[2.0, -1.75, -1.75], [-0.5, -2.0, -1.0]],
                  [[0.0, 0.75, 0.75], [-1.75, -0.75, -1.0]]])
F.layer_norm(x, [3], w, torch.tensor([1.294, -1.949, 0.357])).backward(gradient=g)
print(x.grad)
x.grad = None
F.layer_norm(x, [3]).backward(torch.tensor([float("inf"), 1.0, 2.0]).expand(2, 2, 3))
print(x.grad)
