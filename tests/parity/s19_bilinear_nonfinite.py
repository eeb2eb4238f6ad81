# Fuzz (2:3360, 3:1027): bilinear is PyTorch's _trilinear, which forms input1 @ weight[k] first
# and contracts that with input2 second, so an infinity in input2 meets finite sums (-inf)
# rather than a zero weight (0 * inf = nan). Its gradients are _trilinear again, each with
# its own order: the gradient of input1 multiplies grad * weight before input2.
import torch

F = torch.nn.functional
x1 = torch.tensor([[0.205, 0.74]], requires_grad=True)
x2 = torch.tensor([[0.0, float("-inf")]], requires_grad=True)
w = torch.tensor([[[-1.25, -1.25], [-1.5, 1.0]], [[0.75, 0.25], [-0.75, 0.0]]],
                 requires_grad=True)
out = F.bilinear(x1, x2, w)
print(out)
grads = torch.autograd.grad(out, (x1, x2, w), torch.tensor([[1.0, -0.0]]), create_graph=True)
for g in grads:
    print(g)
second = torch.autograd.grad(sum(g.sum() for g in grads), (x1, x2, w), allow_unused=True)
print(second)
a = torch.tensor([[-3.029, 1.032], [1.186, 1.408]])
b = torch.tensor([[float("nan")], [float("-inf")]])
print(F.bilinear(a, b, torch.tensor([[[1.25], [-0.0]]]), torch.tensor([0.0])))
print(F.bilinear(a.double(), torch.tensor([[float("inf"), 1.0], [0.0, -0.0]]).double(),
                 torch.tensor([[[0.0, 2.0], [-0.0, 1.0]]]).double()))
