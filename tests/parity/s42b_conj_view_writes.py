# PyTorch's z.conj() is a view with the conjugate bit, imag of it a negative view (fuzz
# 52:14892): a write through either (or through a view of them: real / imag / indexing / t /
# reshape / mH / detach) lands in z, conjugated / negated back; a write into z (or a view or
# detach of it) shows through them; all share z's version counter. Signs of zeros printed.
import torch


def show(label, t):
    parts = torch.view_as_real(t.resolve_conj()) if t.is_complex() else t
    print(label, t.tolist(), torch.signbit(parts).tolist(), t._version)


def c():
    return torch.tensor([1 + 2j, -3.5 + 0.25j, 0.5 - 1.5j])


v3 = torch.tensor([[[1.0, 0.75], [-1.25, 2.0]]], dtype=torch.float64)
v6 = torch.imag(torch.conj(torch.view_as_complex(v3)))
print("is_neg", v6.is_neg(), v6._base is v3)
v6.floor_()
show("floor_ through imag(conj)", v3)

z = c()
v = z.conj()
print("base", v._base is z, v.is_conj(), v._version, z._version)
v.mul_(2)
show("mul_ through conj z", z)
show("mul_ through conj v", v)
z.mul_(torch.tensor([1j, 1, -1]))
show("z written, conj seen", v)
z[0] = 0
show("z[0] = 0, conj seen", v)
w = torch.imag(z.conj())
show("imag(conj)", w)
w.zero_()
show("zero_ through imag(conj)", z)
w[1] = 4.5
show("setitem through imag(conj)", z)
z.detach().add_(1j)
show("detach of z written, imag(conj) seen", w)

z = c()
r = z.conj().real
r.add_(1)
show("add_ through conj().real", z)
z.conj().imag.mul_(3)
show("mul_ through conj().imag", z)
z.conj()[0].mul_(2)
show("mul_ through conj()[0]", z)
z.conj().select(0, 2).fill_(7 - 7j)
show("fill_ through conj().select", z)
z.conj().copy_(torch.tensor([1j, 2j, 3j]))
show("copy_ into conj", z)
z.conj().imag[1].clamp_(min=0)
show("clamp_ through conj().imag[1]", z)
u = z.conj().conj()
print("conj of conj", u.is_conj(), u._base is z)
u.add_(1)
show("add_ through conj().conj()", z)

m = torch.tensor([[1 + 1j, 2], [3j, 4 - 4j]])
h = m.mH
h[0, 1] = 7 + 7j
show("setitem through mH", m)
m.conj().t().unsqueeze(0)[0, 1].add_(1j)
show("add_ through conj().t().unsqueeze(0)[0, 1]", m)
d = m.conj().detach()
print("detach keeps the bit", d.is_conj(), torch.imag(m.conj()).detach().is_neg())
d.mul_(2)
show("mul_ through conj().detach()", m)

s = torch.tensor(1 + 2j)
s.conj().mul_(2)
show("0-d conj", s)
torch.imag(s.conj()).fill_(5)
show("0-d imag(conj)", s)
try:
    z.conj().unsqueeze(1).expand(3, 2).mul_(2)
except RuntimeError as e:
    print("expanded conj:", e)
show("after refused", z)
