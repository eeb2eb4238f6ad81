# torch.complex's node (ComplexBackward0) saves each input whose gradient it computes
# (_saved_real / _saved_imag): a second pass without retain_graph is refused, and an in-place
# change to a saved input is caught (fuzz 902:1007 with HGFUZZ_BOOST_MORE2=15).
import torch

for make in ("complex", "view_as_complex", "cfloat", "real", "conj"):
    a = torch.tensor([1.0, 1.0], requires_grad=True)
    b = torch.tensor([0.25, 2.0], requires_grad=True)
    if make == "complex":
        out = torch.view_as_real(torch.complex(a, b)).sum()
    elif make == "view_as_complex":
        out = torch.view_as_complex(torch.stack([a, b], -1)).real.sum()
    elif make == "cfloat":
        out = torch.view_as_real(a.cfloat()).sum()
    elif make == "real":
        out = torch.complex(a, b).real.sum()
    else:
        out = torch.complex(a, b).conj().imag.sum()
    torch.autograd.grad(out, [a])
    try:
        print(make, torch.autograd.grad(out, [a]))
    except RuntimeError as error:
        print(make, str(error)[:60])
a = torch.tensor([1.0, 1.0], requires_grad=True)
b = torch.tensor([0.25, 2.0])
node = torch.complex(a * 1, b).grad_fn
print(node._saved_imag, node._saved_real)
for target in ("real", "imag"):
    a2, b2 = a * 1, b.clone()
    z = torch.complex(a2, b2)
    (a2 if target == "real" else b2).add_(1)
    try:
        torch.view_as_real(z).sum().backward()
        print(target, "ok", a.grad)
    except RuntimeError as error:
        print(target, error)
