# Fuzz (2:13114): logical_and_/or_/xor_ and gcd_/lcm_ refuse an input that shares part of the
# written tensor's memory (or all of it in another layout), as PyTorch's other elementwise
# in-place ops; the tensor itself or a disjoint part is fine.
import torch


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)


def itself(base, op):
    c = base.clone()
    return getattr(c, op)(c)


def disjoint(base, op):
    c = base.clone()
    return getattr(c[:2], op)(c[2:])


for dtype in (torch.int64, torch.float32, torch.bool):
    for op in ("logical_and_", "logical_or_", "logical_xor_", "gcd_", "lcm_"):
        if op in ("gcd_", "lcm_") and dtype is not torch.int64:
            continue
        base = (torch.arange(24).reshape(4, 3, 2) % 3).to(dtype)
        attempt(f"{dtype} {op} last", lambda op=op, b=base: getattr(b, op)(b[-1]))
        attempt(f"{dtype} {op} itself", lambda op=op, b=base: itself(b, op))
        square = base[0, :2, :2].clone()
        attempt(f"{dtype} {op} transposed", lambda op=op, s=square: getattr(s, op)(s.t()))
        attempt(f"{dtype} {op} disjoint", lambda op=op, b=base: disjoint(b, op))
