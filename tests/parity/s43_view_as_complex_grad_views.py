# view_as_real's and view_as_complex's backward give views of the incoming gradient (PyTorch's
# view_as_complex(grad.contiguous()) / view_as_real(grad.contiguous().resolve_conj())): a leaf
# keeps such a view as its .grad, sharing the user's gradient tensor; under create_graph no
# CloneBackward0 sits between them (fuzz 57:14592, 57:124).
import torch

x = torch.zeros(2, 2, dtype=torch.float64, requires_grad=True)
g = torch.ones(2, 2, dtype=torch.float64)
torch.view_as_real(torch.view_as_complex(x)).backward(g)
g.add_(1)
print("shares the gradient:", x.grad)
torch.view_as_real(torch.view_as_complex(x)).backward(g)
print("accumulated in place:", g)

x = torch.tensor([[1.0, 2.0], [3.0, -1.0]], dtype=torch.float64, requires_grad=True)
z = torch.view_as_complex(x)
r = torch.view_as_real(z * (1 + 2j))
seed = torch.tensor([[0.5, -1.0], [2.0, 0.25]], dtype=torch.float64, requires_grad=True)
(gx,) = torch.autograd.grad(r, [x], seed, create_graph=True)
print(gx)
fn = gx.grad_fn
while fn is not None:
    print(fn.name(), [None if n is None else n.name() for n, _ in fn.next_functions])
    fn = next((n for n, _ in fn.next_functions if n is not None), None)

# a non-contiguous gradient is made contiguous first
x = torch.zeros(3, 2, dtype=torch.float64, requires_grad=True)
g = torch.arange(12.0, dtype=torch.float64).reshape(3, 4)[:, ::2]
torch.view_as_real(torch.view_as_complex(x)).backward(g)
print(x.grad, x.grad.is_contiguous())
w = torch.zeros(2, dtype=torch.complex128, requires_grad=True)
torch.view_as_complex(torch.view_as_real(w)).backward(torch.tensor([1 + 1j, 2 - 1j]).conj())
print(w.grad)
