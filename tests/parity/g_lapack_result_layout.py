# Fuzz 0:4151: PyTorch's LAPACK-backed results (inverse, linalg.inv, linalg.solve of a matrix
# right-hand side) are column-major per matrix: stride() and is_contiguous() show it, reshape
# of one is an alias (ReshapeAliasBackward0), view of one to another shape is refused, and
# ops on one keep its layout.
import torch

a = torch.tensor([[-0.5, 1.5], [1.5, -1.5]], requires_grad=True)
b = torch.tensor([[[-0.5, 1.5, 0.0], [1.5, -1.5, 1.0], [0.0, 1.0, 2.0]]] * 2, requires_grad=True)
for name, fn in [("inverse", torch.inverse), ("linalg.inv", torch.linalg.inv),
                 ("solve matrix", lambda m: torch.linalg.solve(m, torch.ones(m.shape[-1], 2))),
                 ("solve column", lambda m: torch.linalg.solve(m, torch.ones(m.shape[-1], 1))),
                 ("solve vector", lambda m: torch.linalg.solve(m, torch.ones(m.shape[-1])))]:
    for m in (a, b):
        r = fn(m)
        print(name, tuple(r.shape), r.stride(), r.is_contiguous(),
              r.reshape(r.shape).grad_fn.name(), (r * 2).is_contiguous(), r.contiguous().stride())
        try:
            r.view(-1)
        except RuntimeError as error:
            print("  view:", error)
        r.sum().backward()
        print(" ", m.grad.stride(), m.grad.sum().item())
        m.grad = None

v1 = torch.inverse(torch.tensor([[-0.5, 1.5], [1.5, -1.5]], requires_grad=True))
print(v1, torch.reshape(v1, (2, 2)))

for a_shape, b_shape in [((3, 3), (3,)), ((2, 3, 3), (3,)), ((2, 3, 3), (2, 3)),
                         ((2, 3, 3), (3, 1)), ((2, 3, 3), (3, 2)), ((3, 3), (2, 3, 2)),
                         ((2, 3, 3), (2, 3, 1))]:
    r = torch.linalg.solve(torch.eye(3).expand(a_shape).clone(), torch.ones(b_shape))
    print(a_shape, b_shape, tuple(r.shape), r.stride())
