# PyTorch's conj() of a complex tensor sets the conjugate bit (is_conj; views keep it; a second
# conj clears it): resolve_conj copies it (CloneBackward0), view_as_real refuses it, real / imag
# read it through a second ConjBackward0 and imag through NegViewBackward0 (is_neg; resolve_neg
# copies); values and gradients as of the conjugates (fuzz 901:54, 901:88, 901:316, 901:1412,
# 901:437 with HGFUZZ_BOOST_MORE2=15).
import torch

a = torch.tensor([1.0, -2.0], requires_grad=True)
b = torch.tensor([0.5, 3.0], requires_grad=True)
z = torch.complex(a, b)
c = z.conj()
loss = (c.imag * torch.tensor([2.0, 5.0])).sum() + (c.real ** 2).sum()
ga, gb = torch.autograd.grad(loss, [a, b], create_graph=True)
print(ga, gb, ga.grad_fn.name() if ga.grad_fn else None)
(ga.sum() + gb.sum()).backward()
print(a.grad, b.grad)
w = torch.view_as_complex(torch.tensor([[1.5, -2.0], [0.25, 4.0]], requires_grad=True))
cw = torch.conj(w)
print(cw.is_conj(), cw[0].is_conj(), cw.imag.is_neg(), cw.imag[0].is_neg(), cw.imag, cw.real)
print(torch.resolve_neg(cw.imag).is_neg(), torch.resolve_conj(cw).is_conj(),
      torch.resolve_conj(w) is w)
print(torch.view_as_real(cw.resolve_conj()))
try:
    torch.view_as_real(cw[1:])
except RuntimeError as error:
    print(error)
x = torch.tensor([1.0, 2.0])
print(x.conj() is x, torch.conj(x).is_conj(), x.resolve_neg() is x, x.resolve_conj() is x)


def chain(node, depth=0):
    while node is not None:
        print(" " * depth + node.name())
        nexts = [n for n, _ in node.next_functions if n is not None]
        node, depth = (nexts[0] if nexts else None), depth + 2


chain(c.imag.grad_fn)
chain(c.real.grad_fn)
chain(c.resolve_conj().grad_fn)
print(c.conj().is_conj(), c.conj().grad_fn.name(), c.conj_physical().is_conj(), (c * 1).is_conj(),
      c.clone().is_conj(), c.real.is_neg(), c.real.is_conj())
