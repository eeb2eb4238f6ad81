# linalg.eigh / eigvalsh of non-finite input: a 1x1 matrix is LAPACK's quick return (the
# entry itself, eigenvector 1, even for inf and nan); a non-finite entry in the triangle
# UPLO does not read is ignored.
import torch

nan, inf = float("nan"), float("inf")
for m in [[[inf]], [[-inf]], [[nan]], [[[-0.194]], [[-inf]]]]:
    t = torch.tensor(m, requires_grad=True)
    w, v = torch.linalg.eigh(t)
    print(w, v, torch.linalg.eigvalsh(t))
for m, uplo in [([[1.0, nan], [2.0, 3.0]], "L"), ([[1.0, 2.0], [inf, 3.0]], "U")]:
    t = torch.tensor(m, dtype=torch.float64, requires_grad=True)
    print(torch.linalg.eigvalsh(t, UPLO=uplo))
