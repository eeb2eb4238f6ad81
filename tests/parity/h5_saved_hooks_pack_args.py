# Spec 5.2: what pack receives: x.exp() saves its result (an output with a grad_fn); x.sin()
# and x.pow(2) save the input (the leaf object itself); a*b saves both operands.
import torch
from torch.autograd.graph import saved_tensors_hooks
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)
seen = []
def pack(t):
    seen.append((t is x, t is y, t.requires_grad, None if t.grad_fn is None else t.grad_fn.name(), t.tolist()))
    return t
with saved_tensors_hooks(pack, lambda t: t):
    for label, f in [('exp', lambda: x.exp()), ('sin', lambda: x.sin()), ('pow', lambda: x.pow(2)), ('mul', lambda: x * y)]:
        seen.clear()
        out = f()
        print(label, [(a, b, c, d, [round(v, 4) for v in vals]) for a, b, c, d, vals in seen])
