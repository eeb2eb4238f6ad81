# z.conj() and imag(z.conj()) are views of z in PyTorch, also made without grad mode (fuzz
# 52:14892's family): an in-place op on one with grad mode refuses as for any view made in
# no_grad mode (a view of it names its node), one of a leaf refuses as a view of a leaf; a
# write without grad mode reaches z, and then reading the view's grad_fn refuses.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.complex(a, a * 3)
with torch.no_grad():
    v = z.conj()
    v.mul_(2)
print(z.tolist(), v.requires_grad, z._version, v._version)
try:
    print(v.grad_fn)
except RuntimeError as e:
    print("grad_fn:", e)

for label, make in (("conj", lambda: z.conj()), ("imag(conj)", lambda: torch.imag(z.conj())),
                    ("conj()[0]", lambda: z.conj()[0])):
    with torch.no_grad():
        w = make()
    print(label, w.requires_grad, w.grad_fn)
    try:
        w.mul_(2)
    except RuntimeError as e:
        print(" ", e)

with torch.no_grad():
    w = z.conj()
w2 = w.imag
print(w2.requires_grad, w2.grad_fn.name(), w2.is_neg())
try:
    w2.mul_(2)
except RuntimeError as e:
    print(e)

leaf = torch.tensor([1 + 1j, 2 - 1j], requires_grad=True)
for label, make in (("conj", lambda: leaf.conj()), ("imag(conj)", lambda: leaf.conj().imag),
                    ("mH", lambda: leaf.unsqueeze(0).mH)):
    try:
        make().mul_(2)
    except RuntimeError as e:
        print(label, e)
with torch.no_grad():
    leaf.conj().mul_(2)
    leaf.conj().imag.add_(1)
print(leaf.tolist(), leaf._version)
