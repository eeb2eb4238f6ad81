"""Matrices whose singular value (gesdd), symmetric eigen (syevd), QR (geqrf, orgqr),
Cholesky (potrf) and LU (getrf, getrs) decompositions and least-squares solutions (gels, gelsd,
gelss, gelsy) PyTorch computes with MKL's LAPACK:
random ones of many shapes, batches, and ones holding an infinity or a NaN; and a 17x17
matrix, the first size MKL factors in blocks, for the LU family. ``cases(torch)`` runs each
family under either library and returns the results by name; an error is recorded as
``"error: Type: message"``."""
import numpy as np

SHAPES = [(1, 1), (1, 5), (5, 1), (2, 2), (3, 3), (4, 6), (7, 3), (8, 8), (2, 3, 4), (3, 5, 2),
          (2, 4, 4), (9, 9)]
BLOCKED = (17, 17)
DTYPES = ["float32", "float64"]
# (row, column) of one non-finite entry in the last matrix of the batch, and its value
# (both triangles: eigh reads one, so each special shows in one of its two UPLOs)
SPECIALS = [("inf", 0, 0, np.inf), ("inf_mid", -1, 0, -np.inf), ("nan", 0, -1, np.nan)]


def matrices():
    rng = np.random.default_rng(20261126)
    for shape in SHAPES:
        base = rng.standard_normal(shape)
        for dtype in DTYPES:
            yield f"{'x'.join(map(str, shape))}/{dtype}", base.astype(dtype)
            for label, row, column, value in SPECIALS:
                special = base.astype(dtype)
                special.reshape((-1,) + shape[-2:])[-1, row, column] = value
                yield f"{'x'.join(map(str, shape))}/{dtype}/{label}", special


# each case's function of (torch, x, x requiring grad)
SVD_FAMILY = {
    "svd": lambda torch, x, g: list(torch.linalg.svd(x, full_matrices=False)),
    "svd_full": lambda torch, x, g: list(torch.linalg.svd(x)),
    "svdvals": lambda torch, x, g: torch.linalg.svdvals(x),
    "svdvals_grad": lambda torch, x, g: torch.linalg.svdvals(g),
    "svd_no_uv": lambda torch, x, g: torch.svd(x, compute_uv=False)[1],
    "rank": lambda torch, x, g: torch.linalg.matrix_rank(x),
    "norm2": lambda torch, x, g: torch.linalg.matrix_norm(x, 2),
    "nuclear": lambda torch, x, g: torch.linalg.matrix_norm(x, "nuc"),
}
EIGH_FAMILY = {
    "eigh": lambda torch, x, g: list(torch.linalg.eigh(x)),
    "eigh_upper": lambda torch, x, g: list(torch.linalg.eigh(x, UPLO="U")),
    "eigvalsh": lambda torch, x, g: torch.linalg.eigvalsh(x),
    "eigvalsh_grad": lambda torch, x, g: torch.linalg.eigvalsh(g),
    "rank_hermitian": lambda torch, x, g: torch.linalg.matrix_rank(x, hermitian=True),
    "eigvalsh_upper_grad": lambda torch, x, g: torch.linalg.eigvalsh(g, UPLO="U"),
    # (a random matrix is rarely positive-definite: the partial factor and its info)
    "cholesky_ex": lambda torch, x, g: list(torch.linalg.cholesky_ex(x)),
    "cholesky_ex_upper": lambda torch, x, g: list(torch.linalg.cholesky_ex(x, upper=True)),
}
LU_FAMILY = {
    "det": lambda torch, x, g: torch.linalg.det(x),
    "det_transposed": lambda torch, x, g: torch.linalg.det(x.mT),
    "slogdet": lambda torch, x, g: list(torch.linalg.slogdet(x)),
    "inv_ex": lambda torch, x, g: list(torch.linalg.inv_ex(x)),
    "inv": lambda torch, x, g: torch.linalg.inv(x),
    "solve": lambda torch, x, g: torch.linalg.solve(x, x[..., :2] - 1),
}
LSTSQ_FAMILY = {  # (gelsy's solution is left out: PyTorch's changes between identical calls)
    "lstsq_gels": lambda torch, x, g: list(torch.linalg.lstsq(x, x[..., :2] + 1, driver="gels")),
    "lstsq_gelsd": lambda torch, x, g: list(torch.linalg.lstsq(x, x[..., :1] - 2,
                                                              driver="gelsd")),
    "lstsq_gelss": lambda torch, x, g: list(torch.linalg.lstsq(x, x[..., 0], driver="gelss")),
    "lstsq_gelsy_rank": lambda torch, x, g: torch.linalg.lstsq(x, x[..., :1]).rank,
}
QR_FAMILY = {
    "qr": lambda torch, x, g: list(torch.linalg.qr(x)),
    "qr_complete": lambda torch, x, g: list(torch.linalg.qr(x, mode="complete")),
    "qr_r": lambda torch, x, g: torch.linalg.qr(x, mode="r")[1],
}


def positive_definite(array):
    """A A^T + n I, formed in NumPy (so only the factorisation is under test)."""
    n = array.shape[-1]
    return array @ np.swapaxes(array, -1, -2) + n * np.eye(n, dtype=array.dtype)


def _record(results, name, family, torch, x, grad_x):
    for label, function in family.items():
        try:
            results[f"{name}/{label}"] = function(torch, x, grad_x)
        except Exception as error:  # noqa: BLE001 (the error itself is recorded)
            results[f"{name}/{label}"] = f"error: {type(error).__name__.lstrip('_')}: {error}"


def cases(torch):
    results = {}
    blocked = np.random.default_rng(17).standard_normal(BLOCKED)
    for dtype in DTYPES:
        x = torch.tensor(blocked.astype(dtype))
        _record(results, f"17x17/{dtype}", LU_FAMILY, torch, x, x)
    for name, array in matrices():
        x = torch.tensor(array)
        grad_x = x.clone().requires_grad_()
        square = array.shape[-1] == array.shape[-2]
        family = {**SVD_FAMILY, **QR_FAMILY, **(LSTSQ_FAMILY if np.isfinite(array).all() else {}),
                  **({**EIGH_FAMILY, **LU_FAMILY} if square else {})}
        if square and np.isfinite(array).all():
            spd = torch.tensor(positive_definite(array))
            family["cholesky"] = lambda torch, x, g, spd=spd: torch.linalg.cholesky(spd)
            family["cholesky_upper"] = lambda torch, x, g, spd=spd: torch.linalg.cholesky(
                spd, upper=True)
        _record(results, name, family, torch, x, grad_x)
    return results
