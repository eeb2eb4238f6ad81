# The plain (not create_graph) gradients of det, logdet and slogdet are PyTorch's lu_solve of
# diag(grad * det) or diag(grad) from the forward's LU (of A^T for a contiguous stack, of A
# with the transposed solve otherwise), the right-hand side zero off the diagonal: an
# infinite grad gives the NaNs and infinities of the solve (fuzz 23:19141), not those of an
# inverse times it; det's zero pivots become epsilon first, so a singular matrix's gradient
# is signed zeros (NaN for an infinite grad). Bit for bit where PyTorch's MKL is installed.
import numpy as np
import torch


def bits(t):
    """The values' bit patterns, compared exactly (floats get a tolerance, and -0.0 == 0.0)."""
    a = t.detach().numpy().reshape(-1)
    return a.view(np.int64 if a.dtype == np.float64 else np.int32).tolist()


cases = [[[1.0, 2], [2, 4]], [[0.0, 0], [0, 0]], [[1.0, 2, 3], [4, 5, 6], [7, 8, 9]],
         [[float("inf"), 1], [2, 3]], [[float("nan"), 1], [2, 3]], [[2.0, 1], [1, 3]]]
functions = {"det": torch.det, "logdet": torch.logdet,
             "slogdet": lambda x: torch.slogdet(x)[1]}
for matrix in cases:
    for g in (1.5, float("inf"), 0.0):
        for name, function in functions.items():
            x = torch.tensor(matrix, requires_grad=True)
            function(x).backward(torch.tensor(g))
            xb = torch.tensor([matrix, matrix], requires_grad=True)
            function(xb.mT).backward(torch.tensor([g, 1.0]))
            print(name, g, x.grad.tolist(), xb.grad.tolist(), bits(x.grad), bits(xb.grad))

rng = np.random.default_rng(0)
for n in (2, 3, 5, 17):
    for dtype in ("float32", "float64"):
        for layout in ("contiguous", "transposed"):
            x = torch.tensor(rng.standard_normal((3, n, n)).astype(dtype))
            x = (x if layout == "contiguous" else x.mT).requires_grad_()
            for name, function in functions.items():
                x.grad = None
                function(x).backward(torch.tensor([1.5, float("-inf"), -0.5], dtype=x.dtype))
                print(name, n, dtype, layout, x.grad.flatten().tolist()[:8], bits(x.grad))
