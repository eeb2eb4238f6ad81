"""Double backward with pack hooks that scale what is saved."""
from _lib import torch

for label, pack, inside in (("identity", lambda t: t, True), ("times 2, grad outside", lambda
                            t: 2 * t, False), ("times 2, grad inside", lambda t: 2 * t, True)):
    a = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        s = (a ** 3).sum()
        if inside:
            (g,) = torch.autograd.grad(s, (a,), create_graph=True)
            g.sum().backward()
    if not inside:
        (g,) = torch.autograd.grad(s, (a,), create_graph=True)
        g.sum().backward()
    print(label, "g", g.detach(), "a.grad", a.grad)
