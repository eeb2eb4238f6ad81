# torch.linalg norms: vector_norm of any order, matrix_norm ('fro', 1, inf and their negatives),
# linalg.norm's choice between them, keepdim, batched inputs, gradients and the ord error.
import math
import torch
x = torch.tensor([[3., -4.], [1., 2.]], requires_grad=True)
for out in (torch.linalg.norm(x), torch.linalg.vector_norm(x, 2, dim=1), torch.linalg.matrix_norm(x),
            torch.linalg.norm(x, dim=1), torch.linalg.vector_norm(x), torch.linalg.norm(x, ord=1, dim=1),
            torch.linalg.vector_norm(x, float('inf')), torch.linalg.norm(x, 'fro'), torch.linalg.matrix_norm(x, 1),
            torch.linalg.matrix_norm(x, -math.inf), torch.linalg.norm(x, math.inf), torch.linalg.vector_norm(x, 0),
            torch.linalg.vector_norm(x, 3, dim=(0, 1), keepdim=True), torch.linalg.matrix_norm(x, 1, keepdim=True)):
    print(out, out.grad_fn.name() if out.grad_fn else None)
g = torch.linalg.matrix_norm(x, 1); g.backward(); print(x.grad); x.grad = None
v = torch.linalg.vector_norm(x, 1.5); v.backward(); print(x.grad)
b = torch.ones(2, 3, 4)
print(torch.linalg.norm(b, dim=(1, 2)).shape, torch.linalg.matrix_norm(b).shape, torch.linalg.norm(b).item())
try: torch.linalg.norm(b, ord=2)
except RuntimeError as e: print(e)
