# Hooks inside and around checkpointed code fire as in PyTorch: module forward (pre-)hooks
# run again during recomputation, full backward hooks and tensor hooks once, global module
# hooks see both runs, saved-tensor hooks outside the checkpoint see only its inputs.
import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook
from torch.utils.checkpoint import checkpoint


def block():
    torch.manual_seed(0)
    b = nn.Sequential(nn.Linear(3, 4), nn.GELU(), nn.Linear(4, 3))
    with torch.no_grad():
        for i, p in enumerate(b.parameters()):
            p.copy_(torch.linspace(-0.7, 0.9, p.numel()).reshape(p.shape) * (1 + 0.2 * i))
    return b


x0 = torch.linspace(-1, 1, 6).reshape(2, 3)
for use_reentrant in (True, False):
    print('=== use_reentrant', use_reentrant)
    b = block()
    log = []
    for name, m in b.named_children():
        m.register_forward_pre_hook(lambda m, a, name=name: log.append(f'pre {name} '
                                                                         f'{torch.is_grad_enabled()}'))
        m.register_forward_hook(lambda m, a, o, name=name: log.append(
            f'fwd {name} out.requires_grad={o.requires_grad}'))
        m.register_full_backward_hook(lambda m, gi, go, name=name: log.append(
            f'bwd {name} {[None if g is None else tuple(g.shape) for g in gi]}'))
    handle = register_module_forward_hook(lambda m, a, o: log.append(f'global {type(m).__name__}'))
    x = x0.clone().requires_grad_()

    def fn(t):
        h = b(t)
        if h.requires_grad:
            h.register_hook(lambda g: log.append(f'tensor hook {tuple(g.shape)}'))
        return h * h

    out = checkpoint(fn, x, use_reentrant=use_reentrant)
    print('forward:', log)
    log.clear()
    out.sum().backward()
    handle.remove()
    print('backward:', log)
    print('grads', x.grad, [p.grad.sum().item() for p in b.parameters()])

    packed = []
    with torch.autograd.graph.saved_tensors_hooks(
            lambda t: packed.append(tuple(t.shape)) or t, lambda t: t):
        y = checkpoint(lambda t: (t.exp() * t).sum(), x, use_reentrant=use_reentrant)
    print('outer pack hook saw', packed)
    y.backward()

# plain, for reference
b = block()
x = x0.clone().requires_grad_()
h = b(x)
(h * h).sum().backward()
print('plain grads', x.grad, [p.grad.sum().item() for p in b.parameters()])
