# requires_grad_(True) on a non-leaf (which already requires grad) returns it unchanged;
# requires_grad_(False), and setting the property either way, refuse, the hint about detach
# only when turning it off.
import torch

a = torch.ones(2, requires_grad=True)
b = a.to(torch.float64)
print(b.requires_grad_() is b, b.grad_fn.name())
for change in (lambda: setattr(b, 'requires_grad', True),
               lambda: setattr(b, 'requires_grad', False),
               lambda: b.requires_grad_(False)):
    try:
        change()
    except RuntimeError as error:
        print('RuntimeError', error)
