# Spec 3.1 (+ Appendix A): grad_fn objects are Nodes (isinstance ... graph.Node), the same
# Python object on every access and from next_functions; name() gives the op name;
# AccumulateGrad / CopySlices report qualified C++ names but type(...).__name__ is short;
# metadata is a dict property that persists on the node.
import torch
from torch.autograd.graph import Node
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
v = torch.tensor([1., -1.], requires_grad=True)
z = x * 2
w = z + 1
print('identity', z.grad_fn is z.grad_fn, w.grad_fn.next_functions[0][0] is z.grad_fn, isinstance(z.grad_fn, Node))
cases = [('x+1', x + 1), ('x-1', x - 1), ('1-x', 1 - x), ('x*x', x * x), ('x/2', x / 2), ('-x', -x),
         ('x**2', x ** 2), ('exp', x.exp()), ('log', x.log()), ('sum()', x.sum()), ('sum(0)', x.sum(0)),
         ('mean()', x.mean()), ('mean(0)', x.mean(0)), ('max()', x.max()), ('max(0)[0]', x.max(0)[0]),
         ('clone', x.clone()), ('view', x.view(4)), ('reshape', x.reshape(4)), ('t', x.t()),
         ('transpose', x.transpose(0, 1)), ('permute', x.permute(1, 0)), ('x[0]', x[0]), ('x[:1]', x[:1]),
         ('narrow', x.narrow(0, 0, 1)), ('unsqueeze', x.unsqueeze(0)), ('squeeze', x.unsqueeze(0).squeeze()),
         ('expand', x.expand(2, 2, 2)), ('cat', torch.cat([x, x])), ('stack', torch.stack([x, x])),
         ('mm', x @ x), ('mv', x @ v), ('dot', v @ v), ('relu', x.relu()), ('sigmoid', x.sigmoid()),
         ('tanh', x.tanh()), ('abs', x.abs()), ('sqrt', x.sqrt()), ('where', torch.where(x > 2, x, x * 0)),
         ('clamp(min=0)', x.clamp(min=0)), ('norm', x.norm()), ('split', x.split(1)[0]), ('chunk', x.chunk(2)[1]),
         ('unbind', x.unbind()[0]), ('double', x.double()), ('softmax', x.softmax(-1)),
         ('log_softmax', x.log_softmax(-1))]
for label, t in cases:
    print(f'{label:12s} {t.grad_fn.name()}')
print('no grad_fn:', x.detach().grad_fn, x.to(torch.float32).grad_fn, x.contiguous().grad_fn)
acc = z.grad_fn.next_functions[0][0]
print(acc.name(), type(acc).__name__, isinstance(acc, Node), acc.variable is x)
c = x.clone(); c[0].mul_(2)
print(c.grad_fn.name(), type(c.grad_fn).__name__)
md = z.grad_fn.metadata
print('metadata', type(md).__name__, md, callable(md))
md['tag'] = 'mine'
print('metadata persists', z.grad_fn.metadata, w.grad_fn.next_functions[0][0].metadata['tag'])
