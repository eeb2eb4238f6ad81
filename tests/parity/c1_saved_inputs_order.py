# PyTorch's generated nodes save and unpack their inputs in the alphabetical order of the
# inputs' names (then their outputs): saved-tensor hooks see packs and unpacks in that order,
# and when two saved inputs were written in place, the version error names the first.
import torch

F = torch.nn.functional
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)


def pack(t):
    print('  pack', t.tolist())
    return t


def unpack(t):
    print('  unpack', t.tolist())
    return t


cases = [
    ('div', lambda: x / y), ('atan2', lambda: torch.atan2(x, y)),
    ('maximum', lambda: torch.maximum(x, y)), ('fmin', lambda: torch.fmin(x, y)),
    ('logaddexp', lambda: torch.logaddexp(x, y)), ('logaddexp2', lambda: torch.logaddexp2(x, y)),
    ('hypot', lambda: torch.hypot(x, y)), ('nextafter', lambda: torch.nextafter(x, y)),
    ('pow', lambda: x ** y), ('xlogy', lambda: torch.xlogy(x, y)),
    ('xlogy number', lambda: torch.xlogy(x, 2.0)), ('remainder', lambda: torch.remainder(x, y)),
    ('fmod', lambda: torch.fmod(x, y)),
    ('div floor', lambda: torch.div(x, y, rounding_mode='floor')),
    ('clamp', lambda: torch.clamp(x, y - 2.5, y)), ('clamp_min', lambda: torch.clamp_min(x, y - 2)),
    ('clamp_max', lambda: torch.clamp_max(x, y - 2)),
    ('mv', lambda: torch.mv(torch.stack([x, y]), y)), ('dot', lambda: torch.dot(x, y)),
    ('addmm', lambda: torch.addmm(x, torch.stack([x, y]), torch.stack([y, x]))),
    ('linear', lambda: F.linear(torch.stack([x, y]), torch.stack([y, x]), x)),
    ('lerp', lambda: torch.lerp(x, y, x * 0.5)),
    ('cross', lambda: torch.linalg.cross(torch.cat([x, y[:1]]), torch.cat([y, x[:1]]))),
    ('scatter_reduce', lambda: x.scatter_reduce(0, torch.tensor([1, 0]), y, 'amax')),
    ('bce logits', lambda: F.binary_cross_entropy_with_logits(x, y.detach() / 4, weight=y.detach(),
                                                              pos_weight=x.detach())),
]
for name, f in cases:
    print(name)
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        out = f()
    out.sum().backward()
for name, f in [('mul', lambda a, b: a * b), ('div', lambda a, b: a / b),
                ('maximum', torch.maximum), ('mv', lambda a, b: torch.mv(a[None], b)),
                ('pow', lambda a, b: a ** b), ('clamp', lambda a, b: torch.clamp(a, b, b + 1))]:
    base = x * 1
    out = f(base, base[:])  # (the second, a view, changes with the first)
    base.mul_(1)
    try:
        out.sum().backward()
    except RuntimeError as e:
        print(name, str(e)[:170])
