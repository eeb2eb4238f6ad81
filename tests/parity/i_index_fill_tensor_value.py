# index_fill with a 0-d tensor value is PyTorch's IndexFillBackward1: the value gets the
# gradient summed over the filled positions, each position once however often the index
# repeats it; a value with more dimensions is refused; the number overload stays
# IndexFillBackward0; a negative index fills as counted from the end, but the value's
# gradient then raises (PyTorch's index_select refuses it). (hookgrad took the value's
# number and dropped its gradient.)
import torch

x = torch.arange(9.).reshape(3, 3).requires_grad_()
v = torch.tensor(2., requires_grad=True)
y = x.index_fill(1, torch.tensor([1, 1, 2]), v)
print(y, y.grad_fn.name(), [f is None for f, _ in y.grad_fn.next_functions])
y.backward(torch.arange(9.).reshape(3, 3))
print(x.grad, v.grad)

z = x.clone().index_fill_(0, torch.tensor([2]), v)
print(z.grad_fn.name(), torch.autograd.grad(z.sum(), [x, v]))
z = x.index_fill(0, torch.tensor([-1]), v)  # (PyTorch's formula: index_select of -1 raises)
print(z[2])
try:
    torch.autograd.grad(z.sum(), [v])
except IndexError as error:
    print('IndexError', error)
print(x.index_fill(1, torch.tensor([0]), torch.tensor(5.)).grad_fn.name())
print(x.index_fill(1, torch.tensor([0]), 5.).grad_fn.name())

w = torch.zeros(2, 3, dtype=torch.float64).index_fill(1, torch.tensor([2]), v)
print(w, w.grad_fn.name(), torch.autograd.grad(w.sum(), v, create_graph=True))
try:
    x.detach().index_fill_(0, torch.tensor([1]), torch.tensor([1., 2.]))
except RuntimeError as error:
    print('RuntimeError', error)
