# scatter / scatter_add with a src larger than index: the forward reads src's leading corner;
# a backward that needs src's gradient raises (the gradient has index's shape), one that
# needs only the input's gradient runs.
import torch
x = torch.zeros(5, requires_grad=True)
src = torch.arange(1., 8., requires_grad=True)
idx = torch.tensor([0, 2, 4])
for name in ("scatter", "scatter_add"):
    y = getattr(x, name)(0, idx, src)
    print(name, y, y.grad_fn.name())
    try:
        y.sum().backward()
    except RuntimeError as e:
        print("RuntimeError", e)
    print(x.grad, src.grad)
m = torch.zeros(2, 4, requires_grad=True)
s2 = torch.arange(12.).reshape(3, 4)
y = m.scatter(1, torch.tensor([[3], [0]]), s2)
(y * torch.arange(8.).reshape(2, 4)).sum().backward()
print(y, m.grad)
