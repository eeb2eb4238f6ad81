# A node reached with only undefined gradients (here below an ord-0 norm, whose gradient
# PyTorch leaves undefined) still unpacks what it saved: an in-place write since then fails
# backward with PyTorch's version error (fuzz 16:2831); without the write it passes.
import torch

for shape in ((3, 0, 2, 3), (3, 2, 2, 3)):
    for write in (True, False):
        for create_graph in (False, True):
            v0 = torch.ones(shape).requires_grad_()
            v1 = torch.linalg.vector_norm(v0, dim=0)
            if write:
                v1 /= 2
            v4 = torch.linalg.vector_norm(v1, ord=0)
            try:
                print(shape, write, create_graph,
                      torch.autograd.grad(v4, v0, create_graph=create_graph, allow_unused=True))
            except RuntimeError as error:
                print(shape, write, create_graph, "RuntimeError", str(error)[:120])
