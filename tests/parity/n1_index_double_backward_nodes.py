# The gradients of indexing ops under create_graph=True are the ops PyTorch's formulas call,
# node by node, and differentiable again with PyTorch's nodes: index_select's gradient is
# zeros.index_add_ (IndexAddBackward0), take's zeros.put_ (PutBackward0), masked_select's
# zeros.masked_scatter_ (MaskedScatterBackward0); the source of index_add / index_copy gets
# grad.index_select(...).expand_as(source); index_put's input gets grad.index_put(indices,
# zeros); masked_scatter's source gets masked_scatter_backward. Also third-order graphs.
import torch


def tree(fn, depth=5):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


idx = torch.tensor([2, 0, 2])
mask = torch.tensor([[True, False, True], [False, True, True]])
cases = {
    'getitem advanced': lambda x: x[:, idx],
    'getitem mask': lambda x: x[mask],
    'index_select': lambda x: x.index_select(1, idx),
    'take': lambda x: x.take(torch.tensor([0, 5, -1])),
    'masked_select': lambda x: x.masked_select(mask),
    'masked_select broadcast': lambda x: x[0].masked_select(mask),
    'gather': lambda x: x.gather(1, torch.tensor([[0, 0], [1, 2]])),
    'masked_fill': lambda x: x.masked_fill(mask, 2.0),
    'index_add': lambda x: x.index_add(1, idx, w3),
    'index_add alpha': lambda x: x.index_add(1, idx, w3, alpha=2.5),
    'index_copy': lambda x: x.index_copy(1, torch.tensor([2, 0, 1]), w3),
    'scatter': lambda x: x.scatter(1, torch.tensor([[0, 1], [1, 2]]), w2),
    'scatter_add': lambda x: x.scatter_add(1, torch.tensor([[0, 1], [1, 2]]), w2),
    'index_put': lambda x: x.index_put((torch.tensor([0, 1]),), w3[:, :1].expand(2, 3) * 1),
    'masked_scatter': lambda x: x.masked_scatter(mask, w2.reshape(-1).repeat(2)),
    'index_fill': lambda x: x.index_fill(1, idx, 3.0),
}
for name, f in cases.items():
    x = torch.tensor([[0.3, 0.6, 1.2], [2.0, 0.1, 0.9]], requires_grad=True)
    w3 = torch.tensor([[0.5, 1.5, 2.5], [3.5, 4.5, 5.5]], requires_grad=True)
    w2 = torch.tensor([[0.5, 1.5], [3.5, 4.5]], requires_grad=True)
    y = f(x)
    g = torch.ones_like(y).mul(1.5).requires_grad_()
    grads = torch.autograd.grad(y, [x, w2, w3], g, create_graph=True, allow_unused=True)
    print(name, [tree(t.grad_fn) if t is not None else None for t in grads])
    total = sum((t * t).sum() for t in grads if t is not None)
    second = torch.autograd.grad(total, [x, w2, w3, g], create_graph=True, allow_unused=True)
    print(name, [(t, tree(t.grad_fn)) if t is not None else None for t in second])

x = torch.tensor([[0.3, 0.6, 1.2], [2.0, 0.1, 0.9]], requires_grad=True)
y = x * 1
y[torch.tensor([1, 0])] = x.flip(0) * 2
g = torch.full((2, 3), 0.5, requires_grad=True)
grad, = torch.autograd.grad(y, x, g, create_graph=True)
print('setitem advanced', grad, tree(grad.grad_fn))

# take from a 0-d input (PyTorch's put_ into 0-d zeros); masked_fill's 0-d tensor value gets
# grad.masked_select(mask).sum()
x = torch.tensor(1.5, requires_grad=True)
y = x.take(torch.tensor([0, -1, 0]))
g = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
grad, = torch.autograd.grad(y, x, g, create_graph=True)
print('take 0-d', grad, tree(grad.grad_fn), torch.autograd.grad(grad, g))
x = torch.tensor([[1.5, 2.0], [3.0, 4.0]], requires_grad=True)
v = torch.tensor(0.5, requires_grad=True)
y = x.masked_fill(torch.tensor([True, False]), v)
grads = torch.autograd.grad(y, [x, v], torch.ones(2, 2, requires_grad=True), create_graph=True)
print('masked_fill tensor value', grads, [tree(t.grad_fn) for t in grads])
