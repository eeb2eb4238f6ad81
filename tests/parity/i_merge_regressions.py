# Three behaviours pinned after merging the exactness branches. addcmul with a bool or integer
# tensor2: tensor1's gradient is grad * tensor2 * value (only addcdiv's divides in tensor2's
# dtype and raises). backward(inputs=[a non-leaf]) a second time without retain_graph: the
# input's node still runs and unpacks what it saved, so it raises that the graph was freed.
# A gradient that is a stride-trick view (diag of a 1-element input) is copied into .grad.
import torch

t1 = torch.ones(2, requires_grad=True)
for t2 in (torch.tensor([True, False]), torch.tensor([2, 3])):
    torch.addcmul(torch.zeros(2), t1, t2, value=2.5).sum().backward()
    print(t1.grad)
    t1.grad = None

base = torch.zeros(3, 3, 1)
view = base.unsqueeze(0)
src = torch.zeros((1, 0, 1, 1)).requires_grad_()
out = view.scatter_add_(0, torch.zeros((1, 0, 1, 1), dtype=torch.int64), src).sum()
out.backward()
try:
    out.backward(inputs=[base])
except RuntimeError as error:
    print('RuntimeError', str(error)[:60])

x = torch.tensor([float('inf')], requires_grad=True)
torch.diag(x, -2).sum().backward()
print(x.grad)

# tril / triu of a transposed tensor give a new contiguous tensor
m = torch.arange(6.).reshape(2, 3).t()
print(torch.tril(m).is_contiguous(), torch.triu(m, 1).stride())

# backward(inputs=[t]) with t the output of an op without a derivative: PyTorch runs t's
# node, which raises its "not implemented" error
a = torch.tensor([3., 5.], requires_grad=True)
for make in (lambda: a // 2, lambda: (a * 1).floor_divide_(2)):
    q = make()
    try:
        q.sum().backward(inputs=[q])
    except RuntimeError as error:
        print('RuntimeError', error)

# meshgrid(indexing='xy') swaps its first two tensors before checking them: the error shows
# the second one
try:
    torch.meshgrid(torch.ones(2, 2), torch.zeros(2, 2), indexing='xy')
except RuntimeError as error:
    print('RuntimeError', error)

# Tensor.argwhere takes no keyword arguments (torch.argwhere takes input=)
for call in (lambda: m.argwhere(as_tuple=True), lambda: torch.argwhere(input=m > 2)):
    try:
        print(call())
    except TypeError as error:
        print('TypeError', error)

# x[key] = value where the indexing result is empty: the value must still broadcast to it
e = torch.zeros(0, 3, 2)
for value in (torch.zeros(2, 0, 4, 1), torch.zeros(4, 2)):
    try:
        e[:2, [1, -3, -2, -3]] = value
        print('written', tuple(value.shape))
    except RuntimeError as error:
        print('RuntimeError', error)
