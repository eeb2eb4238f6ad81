# Tensor.backward() of a root whose view was changed in place under no_grad (transpose_):
# the root's gradient is checked against its recorded shape, then flows as usual.
import torch

x = torch.tensor([-0.361], requires_grad=True)
r = torch.tensor([-2]).clamp(min=x)
with torch.no_grad():
    print(r.transpose_(-1, 0) is r)
r.backward()
print(x.grad)
for seed_shape in [(2, 1), (1, 2)]:  # (the shape now, the shape recorded)
    y = torch.tensor([[1.0, 2.0]], requires_grad=True)
    s = y * 3
    with torch.no_grad():
        s.t_()
    try:
        s.backward(torch.ones(seed_shape))
    except RuntimeError as e:
        print(type(e).__name__, e)
    print(y.grad)
