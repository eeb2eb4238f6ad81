# eigh / eigvalsh / pinv(hermitian) of matrices with an inf or NaN in the triangle they read,
# as LAPACK's syevd leaves them: a 2x2 with a NaN on its diagonal and a finite off-diagonal b
# has eigenvalues -+ |2b| sqrt(2) / 2 (dlaev2's comparisons with NaN all false; 1:2987,
# 4:16998); an inf only on the diagonal scales the matrix by 0: NaN values, identity vectors;
# a larger matrix with a NaN fails to converge (error code n - 1, or n - 2 for eigvalsh)
import torch

nan, inf = float("nan"), float("inf")
cases = [[[nan, 0.25], [1.25, -0.0]], [[inf, -1.944], [-1.976, nan]], [[1.0, 2.0], [2.0, nan]],
         [[1.0, nan], [nan, 1.0]], [[1.0, 5.0], [nan, 1.0]], [[inf, 1.0], [1.0, 2.0]],
         [[1.0, inf], [inf, 2.0]], [[2.0, 0.5], [0.5, -inf]],
         [[inf, 2.0, 3.0], [2.0, 1.0, 1.0], [3.0, 1.0, 0.5]],
         [[1.0, 2.0, 3.0], [2.0, nan, 1.0], [3.0, 1.0, 0.5]],
         [[1.5, 2.0, 3.0, -1.0], [2.0, 0.5, 1.0, 2.0], [3.0, 1.0, 0.5, nan], [-1.0, 2.0, nan, 1.0]]]
for rows in cases:
    for dtype in (torch.float32, torch.float64):
        a = torch.tensor(rows, dtype=dtype, requires_grad=True)
        for uplo in ("L", "U"):
            for name, fn in (("eigvalsh", lambda: torch.linalg.eigvalsh(a, UPLO=uplo)),
                             ("eigh", lambda: tuple(torch.linalg.eigh(a, UPLO=uplo))),
                             ("pinv", lambda: torch.linalg.pinv(a, hermitian=True))):
                if name == "pinv" and uplo == "U":
                    continue
                try:
                    print(name, uplo, fn())
                except torch.linalg.LinAlgError as error:
                    print(name, uplo, error)
batch = torch.stack([torch.eye(3), torch.tensor(cases[9])])
try:
    torch.linalg.eigvalsh(batch)
except torch.linalg.LinAlgError as error:
    print(error)
# a diagonal matrix holding a NaN (eigenvectors computed, as a gradient needs them): its
# diagonal in dsteqr's selection-sort order, the identity's columns moved with it (21:371)
for values in ([nan, -0.25], [0.75, nan, -0.25], [1.25, 0.75, nan, -0.25]):
    a = torch.diag(torch.tensor(values, dtype=torch.float64)).requires_grad_()
    print(tuple(torch.linalg.eigh(a)), torch.linalg.eigvalsh(a))
print(torch.linalg.eigvalsh(torch.tensor([[nan, -2.666], [0.0, -1.418]], requires_grad=True)))
