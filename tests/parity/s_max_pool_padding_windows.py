# Issue 11 (fuzz): a max-pool window made only of padding gives -inf and an index past its
# plane; PyTorch's backward writes that window's gradient at the index unchecked, so it lands
# in the next plane of the gradient (the last plane's lands past the buffer: a heap overrun
# in PyTorch, lost here).
import torch

F = torch.nn.functional

x = torch.tensor([[2.0], [1.5], [0.75]], requires_grad=True)
y, i = F.max_pool1d(x, kernel_size=2, padding=1, dilation=2, return_indices=True)
print(y, i)
y.backward(torch.tensor([[-0.762], [0.028], [1.945]]))
print(x.grad)

x = torch.tensor([[[[-1.25], [1.0]], [[2.0], [1.0]]], [[[1.25], [-0.75]], [[-0.75], [-1.75]]]],
                 requires_grad=True)
y, i = F.max_pool2d(x, kernel_size=2, padding=1, dilation=2, return_indices=True)
print(y, i)
y.sum().backward()
print(x.grad)

# a window past a row's end (but not the plane's): its gradient goes to the next row
x = torch.tensor([[[1.0], [2.0]], [[4.0], [5.0]]], requires_grad=True)
y, i = F.max_pool2d(x, kernel_size=(1, 2), stride=2, padding=(0, 1), dilation=(1, 2),
                    return_indices=True)
print(y, i)
y.backward(torch.tensor([[[1.0]], [[10.0]]]))
print(x.grad)
