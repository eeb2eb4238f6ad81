# F.linear as PyTorch 2.13 records it: a 2-d input with a bias is addmm; any other contiguous
# input with a bias is flattened to rows, addmm, viewed back (whatever the bias's shape);
# otherwise matmul (folding the input into rows only where matmul does: not for an expanded
# or sliced input, which goes batched) and then + bias (AddBackward0).
import torch
F = torch.nn.functional


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


w = torch.tensor([[0.0, -0.25, 1.0], [-1.25, -0.5, 0.5], [-0.25, 1.75, 2.0]], requires_grad=True)
b = torch.tensor([1.75, 1.5, -1.0], requires_grad=True)
w1 = torch.tensor([[0.5, -0.75, -1.25]])
base = torch.arange(30, dtype=torch.float32).reshape(2, 5, 3).requires_grad_()
col = torch.tensor([[1.916], [0.387], [1.895], [-0.052], [1.103]], requires_grad=True)
inputs = {'contiguous': lambda: base * 1, 'expanded': lambda: col.expand(2, -1, 3),
          'transposed': lambda: (base * 1).transpose(0, 1), 'sliced': lambda: (base * 1)[:, ::2],
          '4d': lambda: (base * 1).reshape(2, 5, 1, 3),
          '4d transposed': lambda: (base * 1).reshape(2, 5, 1, 3).transpose(0, 1),
          '1d': lambda: b * 1, 'empty': lambda: torch.zeros(0, 2, 3, requires_grad=True)}
for name, f in inputs.items():
    for weight, bias in [(w, b), (w, None), (w1, None), (w, b.reshape(1, 3))]:
        x = f()
        y = F.linear(x, weight, bias)
        y.backward(torch.ones_like(y))
        print(name, tuple(y.shape), y.sum().item(), tree(y.grad_fn), w.grad)
        w.grad = None
