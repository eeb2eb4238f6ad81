# A custom Function (and a module's full backward hook, which wraps its outputs in one) returning
# an input as-is gives back input.view_as(input): the strides of its size-1 dims are recomputed,
# and a later matmul folds to mm as PyTorch's does (fuzz 59:17435, MultiheadAttention output).
import torch


class Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a

    @staticmethod
    def backward(ctx, grad):
        return grad


x = torch.arange(6.0).reshape(1, 3, 2).transpose(0, 1).requires_grad_()
y = Identity.apply(x)
print(x.stride(), y.stride(), y.grad_fn.name())
z = y @ torch.ones(2, 2)
print(z.grad_fn.name(), [f.name() for f, _ in z.grad_fn.next_functions if f is not None])

m = torch.nn.MultiheadAttention(2, 1, batch_first=True, bias=False)
m.register_full_backward_hook(lambda module, grad_input, grad_output: None)
q = torch.tensor([[[0.2, -1.9]], [[0.1, -0.3]], [[1.6, -1.1]]], requires_grad=True)
out, _ = m(q, q, q)
print(tuple(out.shape), out.stride(), out.grad_fn.name())
w = out @ torch.tensor([[2.0, 0.5], [-0.5, -1.0]])
print(w.grad_fn.name(), [f.name() for f, _ in w.grad_fn.next_functions if f is not None])
