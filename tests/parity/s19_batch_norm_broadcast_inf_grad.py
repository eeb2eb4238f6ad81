# Fuzz (3:9400): a batch norm (and instance norm, a batch norm of (1, N * C, *)) given one
# infinite gradient broadcast to every position (sum().backward(-inf)): the weight's gradient
# is PyTorch's sum of inf * (x - mean), NaN where x - mean takes both signs, not
# inf * sum(x - mean).
import torch

F = torch.nn.functional
x = torch.tensor([[[1.195, 1.541], [-0.912, -2.124]], [[0.066, 1.004], [0.556, 1.627]]],
                 requires_grad=True)
w = torch.tensor([-2.073, 0.92], requires_grad=True)
b = torch.tensor([1.75, -1.75], requires_grad=True)
F.instance_norm(x, weight=w, bias=b, use_input_stats=True).sum().backward(
    torch.tensor(float("-inf")))
print(x.grad, w.grad, b.grad)
y = torch.tensor([[[0.1, -0.2, 0.3], [1.0, 2.0, 3.5]], [[0.5, 0.5, 0.7], [-1.0, 0.0, 0.25]]],
                 dtype=torch.float64, requires_grad=True)
v = torch.tensor([1.0, -2.0], dtype=torch.float64, requires_grad=True)
F.batch_norm(y, None, None, v, None, training=True).sum().backward(
    torch.tensor(float("inf"), dtype=torch.float64))
print(y.grad, v.grad)
