"""LU factorisation with partial pivoting, one float64 matrix at a time, as LAPACK's getrf
computes it (the row of largest magnitude as pivot, a zero pivot left in place), and the
solves through its factors as getrs does them: what ``slogdet`` and ``inv_ex`` report for a
singular matrix (a sign of -0, infinities and NaNs) comes out of exactly these steps."""
import numpy as np

from .triangular_solve import triangular_solve_array


def lu_factor(matrix):
    """(L and U packed in one matrix, L's unit diagonal implied; the original row of each
    row) of one matrix."""
    lu = np.array(matrix, np.float64)
    n = lu.shape[0]
    order = np.arange(n)
    with np.errstate(all="ignore"):
        for k in range(n):
            pivot = k + int(np.argmax(np.abs(lu[k:, k])))
            if pivot != k:
                lu[[k, pivot]] = lu[[pivot, k]]
                order[[k, pivot]] = order[[pivot, k]]
            if lu[k, k] != 0:
                lu[k + 1:, k] /= lu[k, k]
                lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu, order


def permutation_sign(order):
    """+1 or -1: the parity of the row permutation ``order``."""
    seen, swaps = np.zeros(len(order), bool), 0
    for start in range(len(order)):
        length = 0
        while not seen[start]:
            seen[start] = True
            start = order[start]
            length += 1
        swaps += max(length - 1, 0)
    return -1.0 if swaps % 2 else 1.0


def first_zero_pivot(lu):
    """The 1-based index of U's first zero diagonal element (getrf's info), or 0."""
    zeros = np.flatnonzero(np.diagonal(lu) == 0)
    return int(zeros[0]) + 1 if zeros.size else 0


def lu_solve(lu, order, b):
    """X with A X = B from A's factors P A = L U."""
    y = triangular_solve_array(lu, b[order], upper=False, unitriangular=True)
    return triangular_solve_array(lu, y, upper=True)
