"""The signs of the NaNs PyTorch's last-dim float32 softmax kernel gives a row whose max is
NaN (signbit shows them; a NaN's sign survives later ops). Every element of such a row is
NaN: ``x - max`` keeps an input NaN with its own sign and gives the max's NaN, sign set (the
vector max marks a NaN by setting every bit), elsewhere; exp keeps each. Then which NaN wins
each addition of the row sum, and each product ``exp * (1 / sum)``, is the compiled code's
operand order, measured on torch 2.13 (rows of 2 to 48, random signs):

- the sum: a row shorter than a vector adds in order, the first element's NaN wins; a longer
  one accumulates whole vectors (the accumulator's NaN wins, so the first vector's), a
  partial last vector (AVX2: the accumulator's; AVX-512: the new elements'), then folds the
  lanes, where one lane's NaN wins: lane 7 on AVX2, lane 11 on AVX-512;
- the product: in whole vectors the sum's NaN; in a partial vector (or a short row) on AVX2
  the element's own, on AVX-512 the sum's."""
import numpy as np

from ..backends.cpu import CAPABILITY, VECTOR_BYTES

_LANES = VECTOR_BYTES // 4
_AVX512 = CAPABILITY == "AVX512"
_FOLD_LANE = 11 if _AVX512 else 7  # (the lane whose NaN the fold of 16 / 8 lanes keeps)
APPLIES = CAPABILITY in ("AVX2", "AVX512")


def output_signs(negative):
    """The sign bits of the outputs of rows (2-d bools: each element's ``x - max`` NaN has its
    sign set) whose max is NaN."""
    n = negative.shape[1]
    if n < _LANES:
        total = negative[:, 0]
        whole = 0
    else:
        whole = n - n % _LANES
        acc = negative[:, :_LANES].copy()
        if _AVX512 and whole < n:
            acc[:, :n - whole] = negative[:, whole:]
        total = acc[:, _FOLD_LANE]
    out = np.broadcast_to(total[:, None], negative.shape).copy()
    if not _AVX512:
        out[:, whole:] = negative[:, whole:]
    return out


def with_row_signs(out, x, nan_rows):
    """``out`` (the float32 softmax of ``x`` along its last axis, C-contiguous) with the NaN
    signs above in the rows ``nan_rows`` (bools over the leading axes) whose max is NaN."""
    width = x.shape[-1]
    rows = nan_rows.reshape(-1)
    x2 = x.reshape(-1, width)[rows]
    negative = ~np.isnan(x2) | np.signbit(x2)
    bits = out.reshape(-1, width).view(np.uint32)
    fixed = bits[rows] & np.uint32(0x7FFFFFFF)
    fixed |= output_signs(negative).astype(np.uint32) << np.uint32(31)
    bits[rows] = fixed
    return out
