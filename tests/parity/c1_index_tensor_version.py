# The index tensors of x[index], x[index] = v and index_put are saved by their nodes as they
# are: changed in place before backward (even to the same values), backward refuses them with
# PyTorch's version error instead of reading the changed index (a mask zeroed in place used to
# reach NumPy as "array is not broadcastable").
import torch

for label in ['mask zero_', 'index add_', 'index then None', 'setitem index', 'setitem mask',
              'index_put', 'index create_graph', 'scalar index', 'setitem leading ones']:
    x = torch.tensor([-0.5, 1.0, 1.5, -2.0], requires_grad=True)
    mask = torch.tensor([True, False, False, True])
    index = torch.tensor([0, 2])
    if label == 'mask zero_':
        y = torch.linalg.norm(x[mask])
        mask.zero_()
    elif label == 'index add_':
        y = x[index].sum()
        index.add_(0)
    elif label == 'index then None':
        y = x[index, None].sum()
        index.zero_()
    elif label == 'setitem index':
        y = x * 1
        y[index] = torch.tensor([5., 6.])
        index.add_(1)
    elif label == 'setitem mask':
        y = x * 1
        y[mask] = 0.
        mask.zero_()
    elif label == 'index_put':
        y = torch.index_put(x, (index,), torch.tensor([5., 6.]))
        index.add_(0)
    elif label == 'index create_graph':
        y = x[index]
        index.add_(0)
    elif label == 'setitem leading ones':  # (unchanged index: backward runs)
        y = x * 1
        y[mask, ] = torch.tensor([[5., 6.]], requires_grad=True)
    else:
        y = x[torch.tensor(1)]
        index.add_(0)
    try:
        y.sum().backward(create_graph=label == 'index create_graph')
        print(label, 'ok', x.grad)
    except RuntimeError as e:
        print(label, str(e))
