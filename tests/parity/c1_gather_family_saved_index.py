# Which index tensors the gather family's nodes save as they are: scatter_reduce's node saves
# its index (written in place before backward, backward refuses it); take_along_dim with a dim
# gathers with a new index (PyTorch's broadcast copy), so writing the user's index afterwards
# changes nothing; without a dim it gathers with a view of it, which is refused.
import torch

x = torch.tensor([[0.2, 0.7, 0.4], [0.1, -0.3, 0.9]], requires_grad=True)
src = torch.tensor([[1., 2.], [4., 5.]], requires_grad=True)
for label in ['scatter_reduce amax', 'scatter_reduce sum', 'take_along_dim', 'take_along_dim 0',
              'take_along_dim broadcast', 'take_along_dim None']:
    index = torch.tensor([[0, 2], [1, 1]])
    if label == 'scatter_reduce amax':
        y = x.scatter_reduce(1, index, src, 'amax', include_self=False)
        print(y.grad_fn._saved_index.equal(index))
    elif label == 'scatter_reduce sum':
        y = x.scatter_reduce(1, index, src, 'sum')
    elif label == 'take_along_dim':
        y = torch.take_along_dim(x * 1, index, 1)
    elif label == 'take_along_dim 0':
        index = torch.tensor([[1, 0, 1], [0, 0, 1]])
        y = torch.take_along_dim(x * 1, index, 0)
    elif label == 'take_along_dim broadcast':
        index = torch.tensor([[2, 0]])
        y = torch.take_along_dim(x * 1, index, 1)
    else:
        index = torch.tensor([0, 5])
        y = torch.take_along_dim(x * 1, index)
    index.mul_(1)
    x.grad = src.grad = None
    try:
        y.sum().backward()
        print(label, x.grad, src.grad)
    except RuntimeError as e:
        print(label, e)
