# Empty matrices and empty batches through det / logdet / slogdet / inv / solve / cholesky /
# pinv / svd / eigh / qr / matrix_exp / norms: forward, backward, create_graph and double
# backward (slogdet of 0x0 under create_graph: fuzz 12:17067; det's empty gradient has no
# history; matrix_exp's is narrowed, SliceBackward0).
import warnings

import torch

warnings.simplefilter("ignore")
L = torch.linalg


def describe(r):
    if isinstance(r, (tuple, list)):
        return [describe(t) for t in r]
    return (tuple(r.shape), r.dtype, r.tolist() if r.numel() < 5 else "",
            r.grad_fn.name() if r.grad_fn else None)


functions = {
    "det": L.det, "logdet": torch.logdet, "slogdet1": lambda a: L.slogdet(a)[1],
    "slogdet0": lambda a: L.slogdet(a)[0], "log_slogdet": lambda a: torch.log(L.slogdet(a)[1]),
    "inv": L.inv, "inv_ex": lambda a: L.inv_ex(a)[0],
    "solve": lambda a: L.solve(a, torch.ones(a.shape[:-1])),
    "solve_matrix": lambda a: L.solve(a, torch.ones(a.shape)), "cholesky": L.cholesky,
    "pinv": L.pinv, "svdvals": L.svdvals, "eigvalsh": L.eigvalsh, "matrix_norm": L.matrix_norm,
    "nuclear": lambda a: L.matrix_norm(a, "nuc"), "matrix_exp": L.matrix_exp,
    "torch.det": torch.det, "inverse": torch.inverse, "qr_q": lambda a: L.qr(a)[0],
    "qr_r": lambda a: L.qr(a)[1], "svd_u": lambda a: L.svd(a)[0], "eigh_v": lambda a: L.eigh(a)[1],
    "spectral": lambda a: L.matrix_norm(a, 2),
    "solve_triangular": lambda a: L.solve_triangular(a, torch.ones(a.shape), upper=True),
}
for shape in [(0, 0), (2, 0, 0), (0, 2, 2)]:
    for name, f in functions.items():
        for mode in ["forward", "backward", "create_graph", "double"]:
            a = torch.zeros(shape).requires_grad_()
            try:
                out = f(a)
                if mode == "forward":
                    r = out
                elif mode == "backward":
                    out.sum().backward()
                    r = a.grad
                else:
                    (r,) = torch.autograd.grad(out.sum(), a, create_graph=True)
                    if mode == "double":
                        (r,) = torch.autograd.grad(r.sum(), a, allow_unused=True)
                result = describe(r) if r is not None else None
            except RuntimeError as e:
                result = ("RuntimeError", str(e))
            print(shape, name, mode, result)
# the fuzz program 12:17067
v0 = torch.zeros((0, 0)).requires_grad_()
v1 = torch.linalg.slogdet(v0)
v2 = torch.log(v1[1])
v2.backward(create_graph=True)
print(v0.grad, v0.grad.grad_fn.name())
