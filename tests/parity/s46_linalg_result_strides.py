# The strides of LAPACK-backed results (fuzz 71:13949: Q of a one-column qr): each matrix
# column-major, also along dims of size 1 and for empty results.
import torch
L = torch.linalg
def show(name, f, *shapes):
    for shape in shapes:
        a = torch.randn(shape, dtype=torch.float64)
        try:
            out = f(a)
        except Exception as e:
            print(name, shape, "raised", type(e).__name__); continue
        outs = out if isinstance(out, tuple) else (out,)
        print(name, shape, [(tuple(o.shape), o.stride()) for o in outs if isinstance(o, torch.Tensor)])
show("qr", L.qr, (4, 1), (1, 4), (1, 1), (2, 4, 1), (3, 0), (0, 3), (2, 1, 3))
show("qr complete", lambda a: L.qr(a, mode="complete"), (4, 1), (1, 4), (3, 0), (0, 3))
show("qr r", lambda a: L.qr(a, mode="r"), (4, 1), (1, 4), (3, 0), (0, 3))
show("svd", lambda a: L.svd(a, full_matrices=False), (4, 1), (1, 4), (1, 1), (2, 4, 1), (3, 0), (0, 3))
show("svd full", lambda a: L.svd(a), (4, 1), (1, 4), (1, 1), (3, 0), (0, 3))
show("eigh", lambda a: L.eigh(a @ a.mT), (1, 1), (2, 1, 1), (0, 0), (3, 3))
show("inv", lambda a: L.inv(a @ a.mT + 3 * torch.eye(a.shape[-1], dtype=a.dtype)), (1, 1), (2, 1, 1), (0, 0), (3, 3))
show("cholesky", lambda a: L.cholesky(a @ a.mT + torch.eye(a.shape[-1], dtype=a.dtype)), (1, 1), (2, 1, 1), (0, 0))
show("solve", lambda a: L.solve(a @ a.mT + 3 * torch.eye(a.shape[-1], dtype=a.dtype), torch.ones(a.shape[:-1] + (1,), dtype=a.dtype)), (1, 1), (3, 3), (2, 1, 1))
show("lstsq", lambda a: L.lstsq(a, torch.ones(a.shape[:-1] + (1,), dtype=a.dtype)), (4, 1), (1, 4), (4, 3))
show("pinv", L.pinv, (4, 1), (1, 4), (3, 0))
show("svdvals", L.svdvals, (4, 1), (3, 0))
show("matrix_exp", L.matrix_exp, (1, 1), (3, 3))
show("det", L.det, (1, 1), (3, 3))
show("slogdet", L.slogdet, (1, 1), (3, 3))
