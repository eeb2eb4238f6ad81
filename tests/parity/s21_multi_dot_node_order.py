# Issue 11 (fuzz 7:1702): multi_dot makes the right factor of each product first (PyTorch's
# C++ evaluates mm's arguments right to left), so backward runs the left product's node
# first: the order leaf hooks run in, and which saved tensor's version error comes first.
import torch

for dims in [[1, 3, 2, 2, 1], [2, 3, 4, 5, 6], [6, 1, 6, 1, 6, 1], [3, 3, 3, 3, 3, 3]]:
    for vector in ("none", "first", "last"):
        ms = [torch.full((dims[i], dims[i + 1]), float(i + 1), requires_grad=True)
              for i in range(len(dims) - 1)]
        if vector == "first" and dims[0] == 1:
            ms[0] = ms[0].reshape(-1).detach().requires_grad_()
        if vector == "last" and dims[-1] == 1:
            ms[-1] = ms[-1].reshape(-1).detach().requires_grad_()
        order = []
        for i, m in enumerate(ms):
            m.register_hook(lambda g, i=i, order=order: order.append(i))
        torch.linalg.multi_dot(ms).sum().backward()
        print(dims, vector, order)
# the fuzzer's program: the left product's saved operand was modified: the error comes
# before the right product's leaf hook runs
a = torch.tensor([[0.5, 1.5, 1.75]], requires_grad=True)
b = torch.tensor([[0.0, -0.25], [-1.0, -0.75], [1.5, -0.25]])
c = torch.tensor([[0.667, 1.74], [0.716, -1.262]], requires_grad=True)
d = torch.tensor([[-3.738], [1.447]])
out = torch.linalg.multi_dot([a, b, c, d])
b.add_(1)
c.register_hook(lambda g: print("hook", g))
try:
    torch.autograd.grad([out], [a, c])
except RuntimeError as e:
    print(type(e).__name__, str(e)[:80])
