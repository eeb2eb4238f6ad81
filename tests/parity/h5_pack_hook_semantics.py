# Saved-tensor hooks as PyTorch runs them: pack hooks run with grad mode off (a context's
# pack hook gets the live tensor, register_hooks' a detached one); a pack hook that edits its
# input in place is refused after the edit; an unpacked saved output keeps its grad_fn;
# double backward under scaling pack hooks; each backward runs on its own copy of the hooks
# stack (entering or leaving a context in an unpack hook neither breaks nor leaks).
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
seen = []


def pack(t):
    seen.append((any(t is v for v in (x, h)), t.requires_grad, t.grad_fn is not None,
                 torch.is_grad_enabled()))
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = h * x
    z = h.exp()
w = h.exp()
w.grad_fn._raw_saved_result.register_hooks(pack, lambda t: t)
v = h * x
v.grad_fn._raw_saved_self.register_hooks(pack, lambda t: t)
for fact in seen:
    print('pack sees (live, requires_grad, has grad_fn, grad mode)', fact)

doubled = h.exp()
doubled.grad_fn._raw_saved_result.register_hooks(lambda t: 2 * t, lambda t: t)
result = doubled.grad_fn._saved_result
print('unpacked result', result.detach().tolist(), result.requires_grad,
      result.grad_fn is doubled.grad_fn, type(result.grad_fn).__name__)

leaf = torch.tensor([1.0, 2.0], requires_grad=True)
inner = torch.tensor([1.0, 2.0], requires_grad=True) * 1
for label, make in (('leaf', lambda: leaf * leaf), ('non-leaf', lambda: inner.exp())):
    try:
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t.mul_(2), lambda t: t):
            make()
    except RuntimeError as error:
        print(label, error)
print('after the refused packs', leaf.detach().tolist(), inner.detach().tolist())

for label, scale, inside in (('identity', 1, True), ('times 2, grad outside', 2, False),
                             ('times 2, grad inside', 2, True)):
    a = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(lambda t, scale=scale: scale * t,
                                                  lambda t: t):
        s = (a ** 3).sum()
        if inside:
            (g,) = torch.autograd.grad(s, (a,), create_graph=True)
            g.sum().backward()
    if not inside:
        (g,) = torch.autograd.grad(s, (a,), create_graph=True)
        g.sum().backward()
    print(label, 'g', g.detach().tolist(), 'a.grad', a.grad.tolist())

calls = []


def unpack_exit(t):
    leaving.__exit__(None, None, None)
    return t


leaving = torch.autograd.graph.saved_tensors_hooks(lambda t: calls.append('outer') or t,
                                                   unpack_exit)
leaving.__enter__()
a = torch.tensor(2.0, requires_grad=True)
b = a.exp()
b.backward()
c = a * a  # the context left inside backward is still the caller's
print('a.grad', a.grad.item(), 'outer pack calls', len(calls))
leaving.__exit__(None, None, None)
entered = torch.autograd.graph.saved_tensors_hooks(lambda t: calls.append('inner') or t,
                                                   lambda t: t)


def unpack_enter(t):
    entered.__enter__()
    return t


calls.clear()
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack_enter):
    d = a.exp()
d.backward()
e = a * a
print('pack calls after a context entered in backward', calls)
