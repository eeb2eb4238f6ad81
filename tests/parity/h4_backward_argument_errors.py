# Spec 4.13 and the argument checks of torch.autograd.backward / grad: count mismatch,
# shape mismatch of a given gradient, implicit gradient of a non-scalar, a root that does
# not require grad, an unused input without allow_unused, an input that needs no grad.
import torch

a = torch.ones(2, requires_grad=True)
cases = {
    'count mismatch': lambda: torch.autograd.backward([a.sum(), a.sum()], [torch.tensor(1.)]),
    'shape mismatch': lambda: (a * 2).backward(torch.ones(3)),
    'non-scalar root': lambda: (a * 2).backward(),
    'root without grad': lambda: torch.ones(2).sum().backward(),
    'unused input': lambda: torch.autograd.grad((a * 2).sum(), [a, torch.ones(1, requires_grad=True)]),
    'input without grad': lambda: torch.autograd.grad((a * 2).sum(), [torch.ones(1)]),
    'empty inputs': lambda: (a * 2).sum().backward(inputs=[]),
}
for name, fn in cases.items():
    try:
        fn()
        print(name, 'ok')
    except Exception as e:
        print(name, '->', type(e).__name__, e)
g = torch.autograd.grad((a * 2).sum(), [a, torch.ones(1, requires_grad=True)], allow_unused=True)
print('allow_unused', g)
g = torch.autograd.grad((a * 2).sum(), [a, torch.ones(1, requires_grad=True)], materialize_grads=True)
print('materialize_grads', g)
