"""LU factorisation with partial pivoting as LAPACK's unblocked ``getrf`` computes it, for the
results where its order of operations shows: the first exactly-zero pivot (PyTorch's
"The diagonal element 2 is zero" for a singular matrix) and how NaN and infinite entries
spread (``inf - inf``), which NumPy's ``inv`` and ``det`` spread otherwise. Computed in the
input's dtype (a float32 pivot is zero or not as float32). Finite inputs keep NumPy's fast
``inv`` and ``det``, whose rounding is of the same order as PyTorch's vendor library's."""
import numpy as np


def _pivot(column):
    """LAPACK's ``i?amax``: the first entry of largest magnitude, where a NaN is never larger
    (``|x| > max`` is false), except a NaN in the first place, which nothing then exceeds."""
    magnitude = np.abs(column)
    first = int(np.argmax(magnitude))  # (NumPy's argmax stops at the first NaN)
    if magnitude[first] == magnitude[first] or first == 0:
        return first
    return int(np.argmax(np.where(np.isnan(magnitude), -1, magnitude)))


def getrf(matrix):
    """``(lu, perm, info)`` of a square matrix: ``lu`` holds U and the multipliers of L,
    ``perm`` the source row of each row, ``info`` the 1-based column of the first exactly
    zero pivot (0 if none). As LAPACK's ``getf2``: a zero pivot leaves its column unscaled and
    the factorisation goes on."""
    lu = np.array(matrix, order="C")
    n = lu.shape[0]
    perm = np.arange(n)
    info = 0
    one, tiny = lu.dtype.type(1), np.finfo(lu.dtype).tiny
    with np.errstate(all="ignore"):  # (inf and NaN entries spread as LAPACK's do, silently)
        for k in range(n):
            p = k + _pivot(lu[k:, k])
            if lu[p, k] != 0:
                if p != k:
                    lu[[k, p]] = lu[[p, k]]
                    perm[[k, p]] = perm[[p, k]]
                if abs(lu[k, k]) >= tiny:  # (LAPACK scales by the reciprocal, which rounds
                    lu[k + 1:, k] *= one / lu[k, k]  # otherwise than dividing, and decides
                else:  # which pivots of a singular matrix come out exactly zero)
                    lu[k + 1:, k] /= lu[k, k]
            elif not info:
                info = k + 1
            lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu, perm, info


def inverse_from_lu(lu, perm):
    """The inverse, solved from the factors as PyTorch's ``linalg.inv`` does: A X = I."""
    return solve_from_lu(lu, perm, np.eye(lu.shape[0], dtype=lu.dtype))


def solve_from_lu(lu, perm, b):
    """X with A X = B (B a matrix), as LAPACK's ``getrs`` solves it from the factors: forward
    substitution with the unit lower triangle, then back substitution with the upper one."""
    n = lu.shape[0]
    x = np.array(b[perm], np.result_type(lu, b))
    with np.errstate(all="ignore"):
        for k in range(n):
            x[k + 1:] -= np.outer(lu[k + 1:, k], x[k])
        for k in range(n - 1, -1, -1):
            x[k] /= lu[k, k]
            x[:k] -= np.outer(lu[:k, k], x[k])
    return x


def det_from_lu(lu, perm):
    """The product of U's diagonal, negated for an odd number of row swaps."""
    with np.errstate(all="ignore"):
        product = np.prod(np.diagonal(lu))
    return -product if permutation_sign(perm) < 0 else product


def permutation_sign(perm):
    """+1 or -1: the parity of the row permutation ``perm``."""
    return -1.0 if (len(perm) - _cycles(perm)) % 2 else 1.0


def _cycles(perm):
    seen = np.zeros(len(perm), bool)
    count = 0
    for start in range(len(perm)):
        if not seen[start]:
            count += 1
            i = start
            while not seen[i]:
                seen[i] = True
                i = perm[i]
    return count
