# An in-place op on z.real / z.imag (views of the complex base through view_as_real) and then
# backward, with and without create_graph: the gradient lands in the complex base's region
# (fuzz 902:1036, 902:1630 with HGFUZZ_BOOST_MORE2=15; hookgrad replayed the view chain on a
# float gradient and raised NumPy's IndexError).
import torch

for cg in (False, True):
    for part in ("real", "imag"):
        a = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
        b = torch.tensor([[0.25, 2.0], [-1.5, 1.0]], requires_grad=True)
        w = torch.tensor([[2.0, 3.0], [4.0, 5.0]], requires_grad=True)
        z = torch.complex(a, b) * 1
        p = getattr(z, part)
        p.mul_(w)
        q = torch.view_as_real(z)
        print(part, cg, p.grad_fn.name(), q.grad_fn.name(), z.grad_fn.name())
        loss = (p * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum() + (q ** 2).sum()
        grads = torch.autograd.grad(loss, [a, b, w], create_graph=cg)
        print([g.tolist() for g in grads], [g.grad_fn.name() if g.grad_fn else None
                                            for g in grads])
        if cg:
            sum(g.sum() for g in grads).backward()
            print(a.grad, b.grad, w.grad)
x = torch.tensor([[-2.9, 0.5], [3.4, -1.1]], requires_grad=True)
i = torch.imag(x.cfloat())
i.less_(torch.tensor([[-0.5, -1.5], [2.0, 0.75]], requires_grad=True))
i.sum().backward(create_graph=True)
print(x.grad)
