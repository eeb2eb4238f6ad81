# A detach() of a conj view keeps the conjugate bit and the memory in PyTorch: real / imag /
# conj of it are views of z's memory with the bits combined (imag of it a negative view,
# conj of it none), and writes through them land in z. numpy() refuses a tensor with either
# bit (unless forced).
import torch

z = torch.tensor([1 + 2j, 3 - 1j])
d = z.conj().detach()
print(d.is_conj(), d.real.is_neg(), d.imag.is_neg(), d.conj().is_conj(), d[0].is_conj())
d.real.add_(1)
print(z.tolist(), z._version)
d.imag.add_(1)
print(z.tolist(), z._version)
d.conj().mul_(2)
print(z.tolist(), d.tolist(), z._version)
d[1:].detach().imag.zero_()
print(z.tolist(), torch.signbit(torch.view_as_real(z)).tolist(), z._version)
z.mul_(1j)
print(d.tolist(), d._version)
for label, t in (("conj", z.conj()), ("imag(conj)", torch.imag(z.conj())), ("detach", d),
                 ("conj of conj", z.conj().conj())):
    try:
        print(label, t.numpy().tolist())
    except RuntimeError as e:
        print(label, e)
print(z.conj().numpy(force=True).tolist(), torch.imag(z.conj()).numpy(force=True).tolist())
