# pinv / pinverse / matrix_rank of non-finite matrices go through linalg.svd's rules: a NaN is
# PyTorch's LinAlgError (7:18413; NumPy's "SVD did not converge" leaked), an infinity makes the
# singular values NaN and the pseudo-inverse NaN (8:1519), except for a vector whose only
# infinity is its first entry (MKL reflects it onto e1: a zero pseudo-inverse), and 1x1
import torch

nan, inf = float("nan"), float("inf")
for rows in ([[0.75], [-0.5], [0.0], [nan]], [[1.0, nan], [2.0, 3.0]]):
    for name in ("pinv", "pinverse", "matrix_rank"):
        fn = torch.pinverse if name == "pinverse" else getattr(torch.linalg, name)
        try:
            fn(torch.tensor(rows))
        except torch.linalg.LinAlgError as error:
            print(name, type(error).__name__, error)
batch = torch.tensor([[[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [nan, 4.0]]], dtype=torch.float64)
try:
    torch.linalg.pinv(batch)
except torch.linalg.LinAlgError as error:
    print(error)
for rows in ([[1.0, 0.5, -0.25], [2.0, -2.0, inf]], [[inf]], [[-inf, 1.0, 2.0]], [[1.0, -inf]],
             [[-inf], [2.0], [3.0]], [[1.0], [inf]], [[inf, inf]]):
    a = torch.tensor(rows)
    print(torch.linalg.pinv(a), torch.linalg.matrix_rank(a), torch.linalg.svdvals(a))
    print(tuple(torch.linalg.svd(a, full_matrices=False)))
