# Linear algebra of integer and bool inputs, empty ones included: eigh / eigvalsh run no
# kernel on an empty input (any dtype passes, fuzz 12:1479); solve refuses integers first;
# matrix_exp names the dtype; trace sums integers into int64 and refuses bool; cross and
# householder_product refuse dtypes their kernels lack; an empty bool product runs no kernel.
import warnings

import torch

warnings.simplefilter("ignore")
L = torch.linalg


def run(label, f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
        if isinstance(r, tuple):
            print(label, [(tuple(t.shape), t.dtype) for t in r])
        else:
            print(label, tuple(r.shape), r.dtype, r.tolist() if r.numel() < 5 else "")
    except (RuntimeError, NotImplementedError, IndexError) as e:
        print(label, type(e).__name__, e)


functions = {
    "eigvalsh": L.eigvalsh, "eigh": L.eigh, "inv": L.inv, "det": L.det, "slogdet": L.slogdet,
    "cholesky": L.cholesky, "qr": L.qr, "svd": L.svd, "svdvals": L.svdvals, "pinv": L.pinv,
    "matrix_norm": L.matrix_norm, "matrix_exp": L.matrix_exp, "trace": torch.trace,
    "solve": lambda a: L.solve(a, a), "matrix_power": lambda a: L.matrix_power(a, 2),
    "multi_dot": lambda a: L.multi_dot([a, a]), "pinv_h": lambda a: L.pinv(a, hermitian=True),
    "eigvalsh_U": lambda a: L.eigvalsh(a, "U"),
}
for shape in [(0, 0), (2, 0, 0), (0, 2, 2), (2, 2), (0, 3)]:
    for dtype in [torch.int64, torch.bool, torch.int32, torch.uint8]:
        a = torch.zeros(shape, dtype=dtype) if shape != (2, 2) else torch.eye(2, dtype=dtype)
        for name, f in functions.items():
            run(f"{shape} {dtype} {name}", f, a)
H = L.householder_product
for dtype in [torch.int64, torch.bool, torch.float16, torch.float32]:
    for shape, tau_shape in [((3, 2), (2,)), ((2, 3), (2,)), ((3, 2), (3,)), ((0, 2, 2), (0, 2)),
                             ((2, 0), (0,)), ((3, 2), (2, 2)), ((2, 3, 2), (3, 2))]:
        run(f"householder {dtype} {shape} {tau_shape}", H, torch.ones(shape, dtype=dtype),
            torch.ones(tau_shape, dtype=dtype))
    run(f"householder {dtype} tau float", H, torch.ones((3, 2), dtype=dtype), torch.ones(2))
    for shape in [(0, 3), (2, 3), (3,)]:
        run(f"cross {dtype} {shape}", L.cross, torch.ones(shape, dtype=dtype),
            torch.ones(shape, dtype=dtype))
for dtype in [torch.int8, torch.int32, torch.bool, torch.float16]:
    for shape in [(2, 2), (0, 3), (2, 2, 2), (3,)]:
        run(f"trace {dtype} {shape}", torch.trace, torch.ones(shape, dtype=dtype))
for A in [(2, 2), (3, 2, 2), (0, 2, 2), (0, 0), (2,)]:
    for B in [(2,), (3,), (2, 3), (3, 2), (3, 2, 1), (4, 2, 2), (0,), (0, 2), (2, 0)]:
        run(f"solve {A} {B}", L.solve, torch.zeros(A) + 2 * torch.eye(A[-1]), torch.ones(B))
run("solve dtypes", L.solve, torch.eye(2), torch.ones(2, dtype=torch.long))
run("solve dtypes", L.solve, torch.eye(2), torch.ones(2).double())
for dtype in [torch.bool, torch.int64]:
    for s1, s2 in [((0, 0), (0, 0)), ((2, 0), (0, 3)), ((0, 2), (2, 3)), ((2, 2), (2, 2)),
                   ((2, 0, 0), (2, 0, 0)), ((2, 0), (0,))]:
        a, b = torch.ones(s1, dtype=dtype), torch.ones(s2, dtype=dtype)
        run(f"matmul {dtype} {s1} {s2}", torch.matmul, a, b)
        if len(s1) == 2 and len(s2) == 2:
            run(f"mm {dtype} {s1} {s2}", torch.mm, a, b)
            run(f"addmm {dtype} {s1} {s2}", torch.addmm, torch.ones(s1[0], s2[1], dtype=dtype),
                a, b)
        if len(s2) == 1:
            run(f"mv {dtype} {s1} {s2}", torch.mv, a, b)
