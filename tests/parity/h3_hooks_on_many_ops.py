# Spec 2.2, 2.4, 3.5: a tensor hook on the output of each op sees a gradient of exactly the
# output's shape, and scaling it by 2 scales the leaf gradient by 2 (hooks sit between the op
# and everything downstream). Covers the ops the parity scripts rely on.
import torch
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
w = torch.tensor([[1., 0.], [2., 1.], [0., 3.]])
idx = torch.tensor([[0, 2], [1, 0]])
mask = torch.tensor([[True, False, False], [False, True, False]])
ops = [('matmul', lambda t: t @ w), ('mm', lambda t: t.mm(w)), ('mv', lambda t: t.mv(torch.ones(3))),
       ('dot', lambda t: t[0].dot(t[1])), ('var', lambda t: t.var(1)), ('std', lambda t: t.std()),
       ('norm', lambda t: t.norm()), ('softmax', lambda t: t.softmax(1)), ('log_softmax', lambda t: t.log_softmax(0)),
       ('gather', lambda t: t.gather(1, idx)), ('masked_fill', lambda t: t.masked_fill(mask, 0.)),
       ('where', lambda t: torch.where(t > 0, t, t * t)), ('clamp', lambda t: t.clamp(-0.5, 2.5)),
       ('narrow', lambda t: t.narrow(1, 1, 2)), ('expand', lambda t: t[:, :1].expand(2, 4)),
       ('permute', lambda t: t.permute(1, 0)), ('stack', lambda t: torch.stack([t, t * 2])),
       ('cat', lambda t: torch.cat([t, t], 1)), ('index', lambda t: t[1, 1:]), ('sqrt(abs)', lambda t: t.abs().sqrt()),
       ('sigmoid', lambda t: t.sigmoid()), ('tanh', lambda t: t.tanh()), ('relu', lambda t: t.relu()),
       ('mean(0)', lambda t: t.mean(0)), ('max', lambda t: t.max()), ('min(1)', lambda t: t.min(1)[0])]
for name, f in ops:
    shapes = []
    x.grad = None
    (f(x) * 1).sum().backward()
    plain = x.grad.clone()
    x.grad = None
    out = f(x)
    out.register_hook(lambda g: (shapes.append(tuple(g.shape) == tuple(out.shape)), g * 2)[1])
    (out * 1).sum().backward()
    ok = torch.allclose(x.grad, plain * 2)
    print(f'{name:12s} hook shape ok {shapes}, doubled {ok}, grad {[[round(v, 4) for v in row] for row in plain.tolist()]}')
