# torch.lerp of complex tensors (a number, complex number or tensor weight): PyTorch's two-sided
# formula and its conjugated gradients; a real start with a complex end is refused in its words
# (fuzz 55:14450).
import torch
z=torch.tensor([1+2j, -0.5+0.25j, 3-1j], requires_grad=True); e=torch.tensor([0.5-1j, 2+0j, -1+1j], requires_grad=True)
w=torch.tensor([0.3+0.1j, 0.7-0.2j, 0.45+0.3j], requires_grad=True)
for name, f in [('num', lambda: torch.lerp(z, e, 0.3)), ('num big', lambda: torch.lerp(z, e, 0.8)), ('tensor w', lambda: torch.lerp(z, e, w)), ('complex num', lambda: torch.lerp(z, e, 0.3+0.1j)), ('real start', lambda: torch.lerp(torch.tensor(-0.0), e, w)), ('0d w', lambda: torch.lerp(z, e, torch.tensor(0.25)))]:
    try:
        r=f(); print(name, r, type(r.grad_fn).__name__)
        print('  ', torch.autograd.grad(r.abs().sum(), [z,e,w], allow_unused=True))
    except Exception as ex: print(name, type(ex).__name__, ex)
x = torch.tensor([0.5, -1.0], requires_grad=True)
print(torch.lerp(x, x * 2, 0.3), torch.autograd.grad(torch.lerp(x, x * 3, torch.tensor([0.2, 0.9])).sum(), x))
