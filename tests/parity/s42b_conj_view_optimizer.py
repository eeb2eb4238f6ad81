# A conj view (and imag of it, a negative view) of a complex parameter shares its memory in
# PyTorch: an optimizer's in-place update of the parameter shows through them, and the
# version counter they share counts it.
import torch

for make_opt in (lambda ps: torch.optim.SGD(ps, lr=0.5),
                 lambda ps: torch.optim.SGD(ps, lr=0.5, momentum=0.9)):
    p = torch.nn.Parameter(torch.tensor([1 + 2j, 3 - 1j]))
    c = p.conj()
    n = torch.imag(p.conj())
    opt = make_opt([p])
    for _ in range(2):
        p.grad = torch.tensor([1 + 1j, 2 + 0j])
        opt.step()
    print(opt.defaults["momentum"], c.tolist(), n.tolist(), p._version, c._version, n._version)
