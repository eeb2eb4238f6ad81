# Views to the same shape (reshape, reshape_as, view_as, expand, expand_as, broadcast_to)
# return a new tensor, a view with its own node, never the input: a hook or retain_grad on the
# result stays on the result. reshape's node says how it got there: ViewBackward0 (contiguous),
# ReshapeAliasBackward0 (a view of a non-contiguous tensor), UnsafeViewBackward0 over a
# CloneBackward0 (a copy).
import torch


def describe(label, result, source):
    fn = result.grad_fn
    nexts = [f[0].name() if f[0] is not None else None for f in fn.next_functions] if fn else []
    print(f"{label:14s} is input: {result is source}, view of it: {result._base is source}, "
          f"leaf: {result.is_leaf}, node: {fn.name() if fn else None} {nexts}")


leaf = torch.tensor([[1.0, -2.0, 0.5]], requires_grad=True)
plain = torch.tensor([[1.0, -2.0, 0.5]])
for source, kind in ((leaf, "leaf"), (leaf * 2, "non-leaf"), (plain, "no grad")):
    print("--", kind)
    describe("reshape", source.reshape(source.shape), source)
    describe("torch.reshape", torch.reshape(source, (1, 3)), source)
    describe("reshape -1", source.reshape(1, -1), source)
    describe("reshape_as", source.reshape_as(source), source)
    describe("view_as", source.view_as(source), source)
    describe("expand", source.expand(1, 3), source)
    describe("expand -1", source.expand(-1, -1), source)
    describe("expand_as", source.expand_as(source), source)
    describe("broadcast_to", source.broadcast_to((1, 3)), source)
    describe("torch.bcast", torch.broadcast_to(source, (1, 3)), source)
    describe("squeeze 1", source.squeeze(1), source)
    describe("flatten 1,1", source.flatten(1, 1), source)

# Hooks and retain_grad on the same-shape result stay there
x = torch.tensor([1.0, 2.0], requires_grad=True)
for make in (lambda t: t.reshape(2), lambda t: t.reshape_as(t), lambda t: t.view_as(t),
             lambda t: t.expand(2), lambda t: t.expand_as(t), lambda t: t.broadcast_to((2,))):
    log = []
    y = x * 3
    r = make(y)
    r.register_hook(lambda g, log=log: log.append(("result", g.tolist())) or g * 10)
    y.register_hook(lambda g, log=log: log.append(("input", g.tolist())))
    r.retain_grad()
    (r * r).sum().backward(retain_graph=True)
    print(r.grad_fn.name(), log, "result grad", r.grad.tolist(), "input retains",
          y.retains_grad)

# reshape of non-contiguous tensors: a view where the layout allows it, else a copy
m = torch.arange(6.0).reshape(2, 3).requires_grad_()
for label, source, shape in (("t same", m.t(), (3, 2)), ("t 3,1,2", m.t(), (3, 1, 2)),
                             ("t flat", m.t(), (6,)), ("step same", m[:, ::2], (2, 2)),
                             ("step flat", m[:, ::2], (4,)), ("expanded", m.expand(2, 2, 3),
                                                              (2, 2, 3)),
                             ("expanded flat", m.expand(2, 2, 3), (4, 3))):
    r = source.reshape(shape)
    describe(label, r, source)
    print("   shares memory with the input:", r.data_ptr() == source.data_ptr())
describe("t flatten", m.t().flatten(), m)
r = m.t().reshape(6)
r.register_hook(lambda g: print("hook on the copy", g.tolist()))
(r * torch.arange(6.0)).sum().backward()
print("grad through the copy", m.grad.tolist())

# Writes through a same-shape reshape reach the input
base = torch.zeros(2, 2)
base.reshape(2, 2).add_(1)
base.t().reshape(2, 2).mul_(3)
print(base.tolist(), base._version)
