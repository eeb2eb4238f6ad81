# linalg.vector_norm / norm / F.normalize with p other than 0, 1, 2, inf in float32: each
# |x| ** p a correctly rounded powf, then the root with the exponent 1 / p in float32; over
# one element the norm is |x| itself (so F.normalize over a dim of size 1 gives exactly +-1).
# float.hex prints bit for bit, beyond the runner's tolerance.
import torch

F = torch.nn.functional


def bits(t):
    return " ".join(float(v).hex() for v in t.flatten().tolist())


x = torch.tensor([[0.5, -1.75, -1.5, 1.0, 1.25, -1.25, 0.3, 7.0, 1e-3, 2.2]])
y = torch.tensor([[0.7, 0.1, -2.0, 3.0, 0.25, 1.5, -0.3, 1.0, 2.0, 0.01]])
for p in (3, 2.5, 0.5, 4, 1.5, -1.0, -0.5):
    print(p, bits(torch.linalg.vector_norm(x, p, dim=0)))
    print(p, bits(torch.linalg.vector_norm(torch.cat([x, y]), p, dim=0)[:9]))
    print(p, bits(x.norm(p=p, dim=0, keepdim=True)))
v = torch.tensor([[[0.5, -1.75, -1.5], [1.0, 1.25, -1.25]]])
print(bits(F.normalize(v, p=3, dim=0)), bits(torch.frac(F.normalize(v, p=3, dim=0))))
print(bits(torch.linalg.vector_norm(torch.tensor([0.3, 7.0, 1e-3]), 0.5, dim=0)))
print(torch.linalg.vector_norm(x, 0, dim=0).tolist())
