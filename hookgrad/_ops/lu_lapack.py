"""LU factorisation with partial pivoting as PyTorch's LAPACK (MKL's ``getrf``) computes it,
and the solves from its factors (``getrs``).

With MKL installed these are MKL's own routines, and every determinant, inverse and solve
takes them (``exact()``): PyTorch's results bit for bit. Without it, they follow LAPACK's
unblocked algorithm in NumPy, used where its order of operations shows: the first
exactly-zero pivot (PyTorch's "The diagonal element 2 is zero" for a singular matrix) and how
NaN and infinite entries spread (``inf - inf``), which NumPy's ``inv`` and ``det`` spread
otherwise; computed in the input's dtype (a float32 pivot is zero or not as float32). Finite
inputs then keep NumPy's fast ``inv`` and ``det``, whose rounding is of the same order as
PyTorch's vendor library's."""
import numpy as np

from . import mkl_lapack

# MKL factors matrices up to this size with the unblocked algorithm getrf_batch follows bit
# for bit; larger ones in blocks, where NumPy's routines are as close as any
UNBLOCKED_MAX = 16


def as_factored(x, contiguous):
    """The matrices PyTorch's det and slogdet hand LAPACK: A^T for a contiguous stack (its
    row-major memory read column-major, as it is), A for any other layout (copied first)."""
    return np.swapaxes(x, -1, -2) if contiguous else x


def _pivots(columns, rows):
    """LAPACK's ``i?amax`` of each row of ``columns``: the first entry of largest magnitude,
    where a NaN is never larger (``|x| > max`` is false), except a NaN in the first place,
    which nothing then exceeds."""
    magnitude = np.abs(columns)
    first = np.argmax(magnitude, axis=-1)  # (NumPy's argmax stops at the first NaN)
    found = magnitude[rows, first]
    if not (found == found).all():
        later_nan = (found != found) & (first != 0)
        first[later_nan] = np.argmax(np.where(np.isnan(magnitude[later_nan]), -1,
                                              magnitude[later_nan]), axis=-1)
    return first


def exact():
    """Whether MKL's LU is in use: then every matrix takes it (PyTorch's bits), not NumPy's
    routines."""
    return mkl_lapack.available()


def _permutations(swaps):
    """The source row of each row after LAPACK's 1-based row swaps ``swaps`` (B, n)."""
    perm = np.tile(np.arange(swaps.shape[-1]), (len(swaps), 1))
    rows = np.arange(len(swaps))
    for k in range(swaps.shape[-1]):
        other = swaps[:, k] - 1
        perm[rows, k], perm[rows, other] = perm[rows, other], perm[rows, k]
    return perm


def _swaps(perm):
    """LAPACK's 1-based row swaps that put the rows in the order ``perm`` (one matrix): at
    step k, row perm[k] is swapped up from where earlier swaps left it."""
    position = np.arange(len(perm))  # (the current position of each source row)
    at = np.arange(len(perm))  # (the source row at each position)
    swaps = np.empty(len(perm), np.int32)
    for k, row in enumerate(perm):
        p = position[row]
        swaps[k] = p + 1
        at[k], at[p] = at[p], at[k]
        position[at[k]], position[at[p]] = k, p
    return swaps


def getrf_batch(matrices):
    """``(lu, perm, info)`` of a stack ``(B, n, n)`` of square matrices: ``lu`` holds U and
    the multipliers of L, ``perm`` the source row of each row, ``info`` the 1-based column of
    the first exactly zero pivot (0 if none). As LAPACK's ``getf2``: a zero pivot leaves its
    column unscaled and the factorisation goes on."""
    matrices = np.asarray(matrices)
    if mkl_lapack.covers(matrices):
        lu, swaps, info = mkl_lapack.getrf(matrices)
        return lu, _permutations(swaps), info
    lu = np.array(matrices, order="C")
    batch, n = lu.shape[0], lu.shape[-1]
    rows = np.arange(batch)
    perm = np.tile(np.arange(n), (batch, 1))
    info = np.zeros(batch, np.int64)
    one, tiny = lu.dtype.type(1), np.finfo(lu.dtype).tiny
    # LAPACK scales a column by the reciprocal of its pivot, which rounds otherwise than
    # dividing and decides which pivots of a singular matrix come out exactly zero; MKL's
    # kernel for matrices up to 4x4 divides the last column's one multiplier instead
    # (measured against PyTorch's lu_factor: every 2x2 to 16x16 factor bit for bit)
    last_divided = n - 2 if n <= 4 else -1
    with np.errstate(all="ignore"):  # (inf and NaN entries spread as LAPACK's do, silently)
        for k in range(n - 1):
            p = k + _pivots(lu[:, k:, k], rows)
            if (p != k).any():
                pivot_rows = lu[rows, p]
                lu[rows, p] = lu[:, k]
                lu[:, k] = pivot_rows
                perm[rows, k], perm[rows, p] = perm[rows, p], perm[rows, k]
            pivot = lu[:, k, k, None]
            column = lu[:, k + 1:, k]
            zero = pivot[:, 0] == 0  # (i?amax found nothing nonzero: p is k)
            unscaled = column[zero] if zero.any() else None
            if k == last_divided:
                column /= pivot
            elif (np.abs(pivot) >= tiny).all():
                column *= one / pivot
            else:  # (dividing by a subnormal pivot: its reciprocal would overflow)
                column[...] = np.where(np.abs(pivot) >= tiny, column * (one / pivot),
                                       column / pivot)
            if unscaled is not None:  # (a zero pivot leaves its column unscaled)
                column[zero] = unscaled
                info[zero & (info == 0)] = k + 1
            lu[:, k + 1:, k + 1:] -= column[:, :, None] * lu[:, k, None, k + 1:]
        if n:
            info[(lu[:, n - 1, n - 1] == 0) & (info == 0)] = n
    return lu, perm, info


def getrf(matrix):
    """``getrf_batch`` of one square matrix."""
    lu, perm, info = getrf_batch(np.asarray(matrix)[None])
    return lu[0], perm[0], int(info[0])


def inverse_from_lu(lu, perm):
    """The inverse, solved from the factors as PyTorch's ``linalg.inv`` does: A X = I."""
    return solve_from_lu(lu, perm, np.eye(lu.shape[0], dtype=lu.dtype))


def solve_from_lu(lu, perm, b):
    """X with A X = B (B a matrix), as LAPACK's ``getrs`` solves it from the factors: forward
    substitution with the unit lower triangle, then back substitution with the upper one."""
    if mkl_lapack.covers(lu) and b.dtype == lu.dtype:
        return mkl_lapack.getrs(lu, _swaps(perm), b, transposed=False)
    n = lu.shape[0]
    x = np.array(b[perm], np.result_type(lu, b))
    with np.errstate(all="ignore"):
        for k in range(n):
            x[k + 1:] -= np.outer(lu[k + 1:, k], x[k])
        for k in range(n - 1, -1, -1):
            x[k] /= lu[k, k]
            x[:k] -= np.outer(lu[:k, k], x[k])
    return x


def solve_transposed_from_lu(lu, perm, b):
    """X with A^T X = B (B a matrix) from the factors of A, as LAPACK's ``getrs`` with 'T'
    solves it: U^T, then the unit L^T, each entry a dot product in order, then the rows put
    back through the permutation."""
    if mkl_lapack.covers(lu) and b.dtype == lu.dtype:
        return mkl_lapack.getrs(lu, _swaps(perm), b, transposed=True)
    n = lu.shape[0]
    y = np.array(b, np.result_type(lu, b))
    with np.errstate(all="ignore"):
        for k in range(n):
            y[k] = (y[k] - lu[:k, k] @ y[:k]) / lu[k, k]
        for k in range(n - 2, -1, -1):
            y[k] -= lu[k + 1:, k] @ y[k + 1:]
    x = np.empty_like(y)
    x[perm] = y
    return x


def scaled_inverse_t(x, contiguous, scale, zero_pivots=False):
    """X with A^T X = scale * I for each matrix of the stack ``x``, solved from PyTorch's LU
    (``as_factored``: of A^T, or of A with LAPACK's transposed solve), as its lu_solve: the
    infinities and NaNs of a singular matrix. With ``zero_pivots``, exactly zero pivots are
    replaced by the dtype's epsilon first, as PyTorch's det backward does."""
    lu, perm, _ = getrf_batch(as_factored(x, contiguous))
    if zero_pivots:
        pivots = np.einsum("bii->bi", lu)
        pivots[pivots == 0] = np.finfo(lu.dtype).eps
    solve_one = solve_from_lu if contiguous else solve_transposed_from_lu
    # (the right-hand side is PyTorch's diag_embed: zeros off the diagonal even for an
    # infinite scale, where the identity times it would hold NaNs)
    diagonals = np.zeros(x.shape, x.dtype)
    np.einsum("bii->bi", diagonals)[...] = scale[:, None]
    return np.stack([solve_one(lu[i], perm[i], diagonals[i]) for i in range(len(lu))])


def dets_from_lu(lu, perm):
    """The product of each U's diagonal, negated for an odd number of row swaps."""
    with np.errstate(all="ignore"):
        return np.prod(np.diagonal(lu, axis1=-2, axis2=-1), axis=-1) * permutation_signs(perm)


def needs_lu(x, logabsdet):
    """Which matrices of a finite stack take PyTorch's LU instead of NumPy's routine: those up
    to UNBLOCKED_MAX whose |det| is below 1e4 eps of Hadamard's bound (the product of the row
    norms), where the two factorisations' roundings, relative eps over that ratio, would
    exceed 1e-4 (and decide which pivots of a singular matrix come out exactly zero), or
    whose |det| is near 1; elsewhere they agree to that tolerance at a twentieth of the
    cost."""
    if mkl_lapack.covers(x):  # (MKL's LU is PyTorch's: every matrix takes it)
        return np.ones(x.shape[:-2], bool)
    if x.shape[-1] > UNBLOCKED_MAX:
        return np.zeros(x.shape[:-2], bool)
    with np.errstate(all="ignore"):
        bound = np.log(np.linalg.norm(x, axis=-1)).sum(axis=-1)
        # (and a log|det| near 0, whose rounding decides its sign and an exact 0)
        return ~(logabsdet - bound > np.log(1e4 * np.finfo(x.dtype).eps)) | (
            np.abs(logabsdet) < 1e-3)


def permutation_signs(perms):
    """+1 or -1 for each row permutation of a stack ``(B, n)``: the parity of its inversions."""
    inversions = np.triu(perms[:, :, None] > perms[:, None, :], 1).sum(axis=(1, 2))
    return np.where(inversions % 2, -1.0, 1.0)
