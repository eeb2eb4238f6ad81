# The layout of a new sum follows PyTorch's TensorIterator: the first operand whose strides
# tell two dims apart decides (a transposed first operand gives a transposed sum, where NumPy
# would lay it C-contiguous); a reshape of the sum is then _reshape_alias, not a view. The
# engine sums two gradient contributions under create_graph with that add (4:3584).
import torch

t = torch.arange(24.).reshape(3, 2, 4).transpose(1, 2)
c = torch.arange(24.).reshape(3, 4, 2)
for x, y in [(t, c), (c, t), (t, t), (t, torch.ones(4, 1)), (torch.ones(1, 4, 2), t),
             (t, torch.ones(3, 1, 1)), (t[:1], c), (t[:, :1], c)]:
    z = x + y
    print(z.stride(), z.is_contiguous(), torch.add(x, y, alpha=2).stride(), z.reshape(3, 8).shape)
x = torch.arange(24.).reshape(3, 2, 4).requires_grad_()
z = x.transpose(1, 2) + c
print(z.stride(), z.reshape(3, 8).grad_fn.name())


def walk(fn, depth=7):
    if fn is None or not depth:
        return None
    return [fn.name(), [walk(f, depth - 1) for f, _ in fn.next_functions]]


v4 = (torch.arange(48.) / 8).reshape(3, 4, 4).requires_grad_()
v5 = (torch.arange(24.) / 4).reshape(3, 4, 2).requires_grad_()
v11 = v4.matmul(v5).sum()
v11.backward(retain_graph=True, create_graph=True)
v5.register_hook(lambda g: print('hook', g, g.stride(), walk(g.grad_fn)))
(v4.grad.sum() + v11).backward(retain_graph=True, create_graph=True)
