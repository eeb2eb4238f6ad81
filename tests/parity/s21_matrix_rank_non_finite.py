# Issue 11 (fuzz 7:7413, 7:18413, 8:1519): matrix_rank / pinv give LAPACK no non-finite matrix
# (OpenBLAS's gesdd looped forever on this first one): an infinity makes the singular values
# NaN (rank 0; pinv NaN, as PyTorch's MKL gives for these), a NaN raises PyTorch's LinAlgError.
import torch

matrices = [
    [[float("-inf"), -1.0, -0.5], [1.0, -0.75, -0.0], [-1.75, 0.0, 0.25], [-0.25, 1.25, 1.0]],
    [[1.0, 0.5, -0.25], [2.0, -2.0, float("inf")]],
    [[1.0, 2.0], [3.0, 4.0]],
    [[float("nan"), 1.0], [1.0, 2.0]],
]
for i, m in enumerate(matrices):
    for dtype in [torch.float32, torch.float64]:
        a = torch.tensor(m, dtype=dtype)
        print(torch.linalg.matrix_rank(a) if i != 3 else "", end=" ")
        try:
            print(torch.linalg.matrix_rank(a, atol=1.0), torch.linalg.matrix_rank(a, rtol=0.1))
            print(torch.linalg.matrix_rank(torch.stack([a, a + 1])))
            if i:  # (an infinity at [0, 0]: MKL's vectors happen to be finite, pinv zeros)
                print(torch.linalg.pinv(a))
        except torch.linalg.LinAlgError as e:
            print(type(e).__name__, e)
