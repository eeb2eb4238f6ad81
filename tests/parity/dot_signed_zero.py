# A dot product whose products are all -0. is +0. (BLAS adds them to +0.), in every form
# that reduces two vectors; matrix products keep their own rules.
import torch

a32 = torch.tensor([-0.75])
z32 = torch.tensor([0.0])
for label, value in [
    ("dot", torch.dot(a32, z32)),
    ("matmul 1-d", a32 @ z32),
    ("inner", torch.inner(a32, z32)),
    ("vdot", torch.vdot(a32, z32)),
    ("tensordot", torch.tensordot(a32, z32, dims=1)),
    ("float64", torch.dot(a32.double(), z32.double())),
    ("two products", torch.dot(torch.tensor([-1.0, -2.0]), torch.tensor([0.0, 0.0]))),
    ("einsum", torch.einsum("i,i->", a32, z32)),
    ("mv", torch.tensor([[-0.75]]) @ z32),
]:
    print(label, value, torch.signbit(value))
x = torch.tensor([-0.75], requires_grad=True)
y = torch.dot(x, z32).reciprocal()
print(y)
