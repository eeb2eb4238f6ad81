# Grad modes as context managers and decorators: no_grad, enable_grad, set_grad_enabled
# (also as a plain call), inference_mode, nesting, and what hooks see inside backward.
import torch

x = torch.ones(2, requires_grad=True)
print('default', torch.is_grad_enabled(), torch.is_inference_mode_enabled())
with torch.no_grad():
    y = x * 2
    print('no_grad', torch.is_grad_enabled(), y.requires_grad, y.grad_fn)
    with torch.enable_grad():
        z = x * 2
        print('  enable_grad inside no_grad', torch.is_grad_enabled(), z.requires_grad,
              z.grad_fn.name())
    print('back in no_grad', torch.is_grad_enabled())
print('after', torch.is_grad_enabled())

with torch.set_grad_enabled(False):
    print('set_grad_enabled(False) block', torch.is_grad_enabled(), (x * 2).requires_grad)
print('after block', torch.is_grad_enabled())
torch.set_grad_enabled(False)
print('set_grad_enabled(False) call', torch.is_grad_enabled())
torch.set_grad_enabled(True)
print('set_grad_enabled(True) call', torch.is_grad_enabled())


@torch.no_grad()
def doubled(t):
    return t * 2, torch.is_grad_enabled()


@torch.enable_grad()
def doubled_with_grad(t):
    return t * 2


out, mode = doubled(x)
print('no_grad decorator', out.requires_grad, mode, 'after', torch.is_grad_enabled())
with torch.no_grad():
    out = doubled_with_grad(x)
print('enable_grad decorator under no_grad', out.requires_grad, out.grad_fn.name())

with torch.inference_mode():
    t = torch.ones(2) * 3
    print('inference_mode', torch.is_grad_enabled(), torch.is_inference_mode_enabled(),
          (x * 2).requires_grad)
with torch.inference_mode(False):
    print('inference_mode(False)', torch.is_grad_enabled(), torch.is_inference_mode_enabled())


@torch.inference_mode()
def infer(t):
    return t * 2


print('inference_mode decorator', infer(x).requires_grad)
print('grad mode restored', torch.is_grad_enabled(), torch.is_inference_mode_enabled())

seen = []
x.register_hook(lambda g: seen.append(('hook sees grad mode', torch.is_grad_enabled())))
(x * 3).sum().backward()
print(seen, 'outside', torch.is_grad_enabled())
seen.clear()
x.grad = None
(x * 3).sum().backward(create_graph=True)
print('with create_graph:', seen)
