# A second backward without retain_graph raises "Trying to backward through the graph a second
# time" exactly when a node on the path saved a variable that the first pass freed: ops that
# save only indices, masks, a wrapped number (x * 2) or the input for its shape raise; ops
# that save nothing (x + 2, sum, neg, view, x % number, addcmul of constants) run again. The
# node's pre-hooks run before the error. Saved numbers are never packed by saved-tensor hooks.
import torch
import torch.nn.functional as F

x = torch.tensor([[0.5, -1.5, 2.0], [1.0, 3.0, -0.5]], requires_grad=True)
c = torch.tensor([[2.0, 1.0, 4.0], [0.5, 0.25, 3.0]])
index = torch.tensor([[0, 2], [1, 0]])
mask = torch.tensor([[True, False, True], [False, True, False]])
cases = {
    'x * 2': lambda: x * 2,
    '2 * x': lambda: 2 * x,
    'x / 2': lambda: x / 2,
    'x * c': lambda: x * c,
    'x + 2': lambda: x + 2,
    'x - c': lambda: x - c,
    '-x': lambda: -x,
    'x.sum(0)': lambda: x.sum(0),
    'x.view(3, 2)': lambda: x.view(3, 2),
    'x.t()': lambda: x.t(),
    'x % 2': lambda: x % 2,
    'x % c': lambda: x % c,
    'c % x': lambda: c.remainder(x),
    'fmod(x, c)': lambda: torch.fmod(x, c),
    'div floor': lambda: x.div(2, rounding_mode='floor'),
    'where': lambda: torch.where(mask, x, 0.0),
    'x[rows]': lambda: x[torch.tensor([1, 0, 1])],
    'x[mask]': lambda: x[mask],
    'x[0, 1:]': lambda: x[0, 1:],
    'gather': lambda: x.gather(1, index),
    'index_select': lambda: x.index_select(1, index[0]),
    'take': lambda: x.take(index),
    'masked_fill': lambda: x.masked_fill(mask, 0.0),
    'masked_select': lambda: x.masked_select(mask),
    'scatter': lambda: x.scatter(1, index, 0.5),
    'scatter_add src': lambda: c.scatter_add(1, index, x[:, :2]),
    'scatter_add self': lambda: x.scatter_add(1, index, c[:, :2]),
    'index_fill': lambda: x.index_fill(1, index[0], 0.0),
    'index_add self': lambda: x.index_add(1, index[0], c[:, :2]),
    'index_add source': lambda: c.index_add(1, index[0], x[:, :2]),
    'max(dim)': lambda: x.max(1).values,
    'min(dim)': lambda: x.min(0)[0],
    'max': lambda: x.max(),
    'amax': lambda: x.amax(1),
    'sort': lambda: x.sort(1).values,
    'topk': lambda: x.topk(2).values,
    'median(dim)': lambda: x.median(1).values,
    'cummax': lambda: x.cummax(1).values,
    'sign': lambda: x.sign(),
    'sgn': lambda: x.sgn(),
    'floor': lambda: x.floor(),
    'nan_to_num': lambda: x.nan_to_num(),
    'nansum': lambda: x.nansum(1),
    'addcmul self': lambda: torch.addcmul(x, c, c),
    'addcmul tensor1': lambda: torch.addcmul(c, x, c),
    'addcdiv self': lambda: torch.addcdiv(x, c, c),
    'relu': lambda: F.relu(x),
    'exp': lambda: x.exp(),
    'pad reflect': lambda: F.pad(x[None], (1, 1), mode='reflect'),
    'pad constant': lambda: F.pad(x, (1, 1)),
    'avg_pool1d': lambda: F.avg_pool1d(x[None], 2),
    'max_pool1d': lambda: F.max_pool1d(x[None], 2),
    'adaptive_avg_pool1d': lambda: F.adaptive_avg_pool1d(x[None], 2),
    'adaptive_max_pool1d': lambda: F.adaptive_max_pool1d(x[None], 2),
    'embedding': lambda: F.embedding(torch.tensor([[0, 1], [1, 0]]), x),
    'nll_loss': lambda: F.nll_loss(x, torch.tensor([0, 2])),
    'conv1d bias only': lambda: F.conv1d(c[None, :1], c[:, None, :2], x[:, 0]),
}
for label, make in cases.items():
    y = make()
    y.grad_fn.register_prehook(lambda grads, label=label: print('  pre-hook', label))
    loss = y.sum()
    loss.backward()
    try:
        loss.backward()
        print(label, '-> runs again')
    except RuntimeError as error:
        print(label, '->', str(error)[:60])
x.grad = None

packed = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(list(t.shape)) or t,
                                              lambda t: t):
    y = x * 2
    z = x / 4
    w = torch.where(mask, x, 0.0)
print('packed', packed)
node = (x * 2).grad_fn
print('saved other', node._saved_other, node._saved_self)
y = x * 2
y.sum().backward()
try:
    print(y.grad_fn._saved_other)
except RuntimeError as error:
    print('after backward', str(error)[:60])
print('undefined saved self', y.grad_fn._saved_self)
