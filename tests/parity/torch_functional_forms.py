# torch-level forms of nn.functional ops (their own argument orders and integer reductions),
# in-place torch.<op>_ functions, broadcast_tensors / broadcast_shapes (results, nodes, the
# same tensor back when no expansion is needed, errors), tril/triu_indices and isin.
import torch

a = torch.tensor([[0.5], [-1.0], [2.0]], requires_grad=True)
b = torch.tensor([1.0, 2.0, 3.0, 4.0])
r = torch.broadcast_tensors(a, b)
print(type(r).__name__, [x.shape for x in r],
      [x.grad_fn.name() if x.grad_fn else None for x in r])
print(torch.broadcast_tensors(b)[0] is b, torch.broadcast_tensors(a, a)[0] is a)
r[0].sum().backward()
print(a.grad)
print(torch.broadcast_shapes((2, 1), (3,)), torch.broadcast_shapes(),
      torch.broadcast_shapes(3, (2, 1)))
zeros = torch.zeros
for call in (lambda: torch.broadcast_shapes((2,), (3,)),
             lambda: torch.broadcast_shapes((2, 3), (4, 2, 2)),
             lambda: torch.broadcast_shapes((-1,)),
             lambda: torch.broadcast_tensors(zeros(2), zeros(3)),
             lambda: torch.broadcast_tensors(zeros(2, 1), zeros(3), zeros(4, 1, 1, 5)),
             lambda: torch.tril_indices(3, 4, dtype=torch.float32),
             lambda: torch.tril_indices(-1, 4),
             lambda: torch.triu_indices(2, -3)):
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.tril_indices(3, 4, 1), torch.triu_indices(3, 3, -1, dtype=torch.int32))
print(torch.tril_indices(0, 3))
print(torch.isin(torch.tensor([1, 2, 3]), torch.tensor([2.0, 5.0])),
      torch.isin(torch.tensor([1.0, 2]), 2), torch.isin(3, torch.tensor([3])),
      torch.isin(torch.tensor([1, 2]), torch.tensor([2]), invert=True))
x = torch.tensor([[1.0, -2.0, 3.0], [0.5, 0.0, -1.0]], requires_grad=True)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.layer_norm(x, [3], w, None, 1e-5, False)
print(y, y.grad_fn.name())
print(torch.batch_norm(x, None, None, torch.zeros(3), torch.ones(3), False, 0.1, 1e-5, False))
emb = torch.tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], requires_grad=True)
e = torch.embedding(emb, torch.tensor([2, 0, 2]))
print(e, e.grad_fn.name())
print(torch.max_pool1d(x.unsqueeze(0), 2), torch.avg_pool1d(x.unsqueeze(0), 2))
print(torch.adaptive_max_pool1d(x.unsqueeze(0), 1))
print(torch.constant_pad_nd(x, [1, 1], 0.5).grad_fn.name())
print(torch.kl_div(x, torch.full((2, 3), 0.25), 2))
print(torch.binary_cross_entropy_with_logits(x, torch.ones(2, 3), None, None, 0))
z = x.detach().clone()
print(torch.exp_(z), torch.clamp_(z, max=2.0), torch.zero_(z), torch.fill_(z, 3.0))
print(torch.dropout(x, 1.0, True), torch.threshold(x, 0.5, -1.0),
      torch.hardshrink(x, 0.6))
print(torch.selu(x).grad_fn.name(), torch.celu(x, 2.0).grad_fn.name())
print(torch.instance_norm(x.unsqueeze(0), None, None, None, None, True, 0.1, 1e-5, False))
