# Fuzz seeds 5 and 6 (5:6049, 6:12735, 6:19920): inv, det and solve follow PyTorch's LU
# (LAPACK getrf with partial pivoting, a NaN never chosen as a larger pivot; det factors the
# transpose): a NaN spreads to the whole inverse, inf - inf makes a determinant NaN, and a
# singular matrix is refused as torch.linalg.LinAlgError naming the first zero pivot (NumPy's
# "Singular matrix" leaked before).
import torch

nan, inf = float("nan"), float("inf")
MATRICES = [
    [[1.348, -0.166, 0.128], [1.289, nan, -0.0], [0.986, 0.477, -1.343]],
    [[0.0, -0.75], [nan, -1.5]],
    [[-1.0, 1.5, 0.25], [-0.75, inf, -2.0], [-0.75, 2.0, -0.25]],
    [[0.5, -0.25, 1.0], [0.25, 1.0, -0.5], [-1.0, 0.25, inf]],
    [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]],
    [[1.0, 2.0], [2.0, 4.0]],
    [[0.0, 0.0], [0.0, 0.0]],
    [[2.0, -1.0, 0.0], [1.0, nan, 1.0], [0.0, 0.0, 0.0]],
    [[1.5, 0.5, -inf, 0.25], [0.5, 2.0, 1.0, -1.0], [-0.5, 0.25, 1.0, 0.75], [1.0, -1.0, 0.5, 2.0]],
]
for rows in MATRICES:
    for dtype in (torch.float32, torch.float64):
        a = torch.tensor(rows, dtype=dtype, requires_grad=True)
        b = torch.ones(a.shape[0], dtype=dtype)
        for name, fn in [("inv", torch.linalg.inv), ("inverse", torch.inverse),
                         ("det", torch.linalg.det), ("solve", lambda a: torch.linalg.solve(a, b))]:
            try:
                print(name, dtype, fn(a))
            except Exception as error:
                print(name, dtype, "raised", type(error).__name__, error)
batch = torch.stack([torch.eye(2), torch.tensor([[1.0, 2.0], [2.0, 4.0]])])
for name, fn in [("inv", torch.linalg.inv), ("solve", lambda a: torch.linalg.solve(a, torch.ones(2)))]:
    try:
        fn(batch)
    except torch.linalg.LinAlgError as error:
        print(name, "batched:", error)
try:
    torch.linalg.solve(torch.eye(2).expand(2, 1, 2, 2), torch.ones(3, 2, 1))
except RuntimeError as error:
    print("solve batch shapes:", error)
