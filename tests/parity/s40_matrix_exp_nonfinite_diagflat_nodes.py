# matrix_exp of a matrix with an infinite or NaN element is NaN (its norm is not finite; the
# backward of an infinite gradient goes through one, fuzz 902:3085, where hookgrad raised
# OverflowError), a 1x1 matrix is its element's exp; diagflat flattens as PyTorch's
# contiguous().view(-1): a clone and a view for a non-contiguous input (fuzz 902:1230).
import torch


def chain(t):
    out, fn = [], t.grad_fn
    while fn is not None:
        out.append(fn.name())
        following = [n for n, _ in fn.next_functions if n is not None]
        fn = following[0] if following else None
    return out


for v in ([[float("inf")]], [[float("-inf")]], [[float("nan")]], [[1.0, float("inf")], [0.0, 1.0]],
          [[1.0, 2.0], [float("nan"), 1.0]], [[1e30, 0.0], [0.0, 1.0]], [[0.3]],
          [[[0.5, 1.0], [0.0, 2.0]], [[float("inf"), 0.0], [0.0, 1.0]]]):
    print(torch.linalg.matrix_exp(torch.tensor(v)),
          torch.linalg.matrix_exp(torch.tensor(v, dtype=torch.float64)))
a = torch.tensor([[[0.375]]], requires_grad=True)
g = torch.autograd.grad(torch.linalg.matrix_exp(a), a, create_graph=True)[0]
print(torch.autograd.grad(g.sum(), a, torch.tensor(float("-inf")))[0])
x = torch.tensor([[0.5, 1.0], [0.25, -0.5]], requires_grad=True)
torch.linalg.matrix_exp(x).backward(torch.tensor([[1.0, float("inf")], [0.0, 1.0]]))
print(x.grad)

x = torch.tensor([[0.25, 0.5], [2.0, -1.0]], requires_grad=True)
for inp in (x, x.t(), x * 2, (x * 2).t(), x[0], x.t()[0], x.sum()):
    print(chain(torch.diagflat(inp, 1)), chain(inp.diagflat()))
