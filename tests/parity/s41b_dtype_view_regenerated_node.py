# A view through view_as_real / view_as_complex written in place (or whose base was): PyTorch
# regenerates its grad_fn by replaying the dtype change (ViewAsRealBackward0 /
# ViewAsComplexBackward0, over an as_strided of the steps before it), with an as_strided of
# the steps after it on top (fuzz 903:676, 903:1088, 903:658, 902:137 with
# HGFUZZ_BOOST_MORE2=15); gradients with and without create_graph.
import torch


def chain(node, depth=0):
    while node is not None:
        print(" " * depth + node.name())
        nexts = [n for n, _ in node.next_functions if n is not None]
        node, depth = (nexts[0] if nexts else None), depth + 2


a = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
z = torch.complex(a, a * 2)
x = torch.view_as_real(z)
x.cos_()
print("x")
chain(x.grad_fn)
z = torch.complex(a, a * 2)
x = torch.view_as_real(z)
y = x[0]
y.mul_(2)
print("y")
chain(y.grad_fn)
print("x after")
chain(x.grad_fn)
v = a * 1
c = torch.view_as_complex(v)
c.mul_(2)
print("c")
chain(c.grad_fn)
v = torch.stack([a, a], -1) * 1
c = torch.view_as_complex(v)[0]
c.mul_(2)
print("c0")
chain(c.grad_fn)
z = torch.complex(a, a * 2)
r = z.real
r.mul_(2)
print("r")
chain(r.grad_fn)
x = torch.view_as_real(z)
print("x2")
chain(x.grad_fn)
print(torch.autograd.grad(y.sum() + c.real.sum() + x.sum(), a))
for cg in (False, True):
    a = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
    z = torch.complex(a, a * 2)
    x = torch.view_as_real(z)
    x.cos_()
    v = torch.stack([a, a], -1) * 1
    c = torch.view_as_complex(v)[0]
    c.mul_(torch.tensor([1j, 2.0]))
    y = torch.view_as_real(torch.complex(a, a)[1:])
    y.sin_()
    g, = torch.autograd.grad(x.sum() + c.imag.sum() + (y * 3).sum(), a, create_graph=cg)
    print(g, g.grad_fn.name() if g.grad_fn else None)
    chain(y.grad_fn)
    if cg:
        g.sum().backward()
        print(a.grad)
