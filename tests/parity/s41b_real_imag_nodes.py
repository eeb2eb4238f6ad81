# torch.real / torch.imag / .real / .imag of a complex tensor are view_as_real(z).select(-1, k)
# in PyTorch: their graph is SelectBackward0 over ViewAsRealBackward0 (fuzz 901:73, 901:30,
# boosted ops_more2 x15), and gradients flow through both nodes (create_graph too).
import torch


def chain(node, depth=0):
    while node is not None:
        print(" " * depth + node.name())
        nexts = [n for n, _ in node.next_functions if n is not None]
        node, depth = (nexts[0] if nexts else None), depth + 2


a = torch.tensor([1.0, -2.0], requires_grad=True)
b = torch.tensor([0.5, 3.0], requires_grad=True)
z = torch.complex(a, b)
for part in (torch.real(z), torch.imag(z), z.real, z.imag):
    chain(part.grad_fn)
(g,) = torch.autograd.grad((z.imag ** 2).sum() + (z.real ** 3).sum(), [b], create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(a.grad, b.grad)
w = torch.view_as_complex(torch.tensor([[1.5, -2.0], [0.25, 4.0]], requires_grad=True))
chain(w.imag.grad_fn)
print(w.real, w.imag, w.real._base is None)
