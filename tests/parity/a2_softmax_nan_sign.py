# softmax / log_softmax of rows holding an infinity: the NaNs PyTorch returns carry the sign
# bit of x86's inf - inf NaN (its exp and log pass a NaN through, sign included), which
# signbit shows; also through scaled_dot_product_attention's softmax.
import torch

F = torch.nn.functional
inf = float("inf")
x = torch.tensor([-inf, 0.0, 0.25, inf])
for fn in (F.log_softmax, F.softmax):
    y = fn(x, dim=0)
    print(fn.__name__, y, torch.signbit(y))
print(F.log_softmax(torch.tensor(inf), 0), torch.signbit(F.softmax(torch.tensor(inf), 0)))
rows = torch.tensor([[0.0, inf], [inf, inf], [-inf, -inf], [1.0, 2.0], [-inf, 1.0], [inf, -inf]])
for fn in (F.log_softmax, F.softmax):
    y = fn(rows, dim=1)
    print(fn.__name__, y, torch.signbit(y))
    y = fn(rows.t(), dim=0)
    print(fn.__name__, torch.signbit(y))
q = torch.tensor([[[-0.5], [-0.5]], [[inf], [-0.0]]])
k = torch.tensor([[[-0.5], [-1.5]], [[-0.75], [0.25]]])
v = torch.tensor([[[0.0], [-0.75]], [[-1.25], [1.5]]])
y = F.scaled_dot_product_attention(q, k, v)
print(y, torch.signbit(y))
