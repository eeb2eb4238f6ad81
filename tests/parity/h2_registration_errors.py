# Spec 2.1, 2.12, 2.18 (+ table in 10): preconditions of register_hook, retain_grad and
# register_post_accumulate_grad_hook, and the exact error messages.
import torch

def tryit(label, f):
    try:
        r = f()
        print(label, '-> ok', type(r).__name__)
    except Exception as e:
        print(label, '->', type(e).__name__, e)

x = torch.ones(2, requires_grad=True)
tryit('register_hook, no grad', lambda: torch.ones(2).register_hook(lambda g: g))
tryit('register_hook, detached', lambda: (x * 2).detach().register_hook(lambda g: g))
with torch.no_grad():
    y_ng = x * 2
tryit('register_hook, made under no_grad', lambda: y_ng.register_hook(lambda g: g))
tryit('register_hook, leaf', lambda: x.register_hook(lambda g: g))
tryit('register_hook, non-leaf', lambda: (x * 2).register_hook(lambda g: g))
tryit('retain_grad, no grad', lambda: torch.ones(2).retain_grad())
tryit('retain_grad, leaf', lambda: x.retain_grad())
tryit('post-acc, no grad', lambda: torch.ones(2).register_post_accumulate_grad_hook(lambda p: None))
tryit('post-acc, non-leaf', lambda: (x * 2).register_post_accumulate_grad_hook(lambda p: None))
tryit('post-acc, leaf', lambda: x.register_post_accumulate_grad_hook(lambda p: None))
z = torch.zeros(3)
z.requires_grad_()
tryit('register_hook after requires_grad_()', lambda: z.register_hook(lambda g: g))
