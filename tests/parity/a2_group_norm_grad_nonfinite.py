# group_norm's backward with an infinity or NaN in the input, the gradient or the weight: the
# group's sums (of grad * x and of grad) carry it to every element of the group, as PyTorch's
# kernel does (NaN where inf - inf meets), not only to the element it sits on.
import torch

F = torch.nn.functional
inf, nan = float("inf"), float("nan")
x = torch.tensor([[[[1.5], [1.5]], [[-0.5], [-1.75]], [[-1.5], [-1.0]], [[1.0], [2.0]]]],
                 requires_grad=True)
w = torch.tensor([-0.5, 1.75, -2.0, -2.0], requires_grad=True)
b = torch.tensor([1.25, 1.25, -1.75, inf])
y = F.group_norm(x, 2, weight=w, bias=b)
y.backward(torch.tensor([[[[-0.101], [2.992]], [[-2.271], [nan]], [[0.117], [-0.308]],
                          [[1.382], [inf]]]]))
print(x.grad, w.grad)
for spot in ("x", "grad", "weight"):
    for value in (inf, -inf, nan):
        x = torch.tensor([[1.0, -0.5, 2.0, 0.25], [0.5, 1.5, -1.0, -2.0]]).reshape(2, 4, 1)
        g = torch.tensor([[0.5, -1.0, 2.0, 0.25], [-0.5, 1.0, 1.5, -2.0]]).reshape(2, 4, 1)
        w = torch.tensor([1.75, -0.5, 2.0, -2.0])
        {"x": x, "grad": g, "weight": w.view(1, 4, 1)}[spot][0, 1] = value
        x.requires_grad_()
        w.requires_grad_()
        F.group_norm(x, 2, w, torch.zeros(4)).backward(g)
        print(spot, value, x.grad.flatten().tolist(), w.grad.tolist())
