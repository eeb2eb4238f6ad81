"""Which NaN PyTorch's additions and sums return when NaNs meet (fuzz 27:6002).

x86's scalar and vector additions, given two NaNs, return the first source operand's NaN,
its sign and payload kept; which operand the compiler made first is fixed per addition in
PyTorch's kernels and in NumPy's loops. Measured on PyTorch 2.13's AVX2 build and NumPy 2.4
(float32 and float64, every layout of tools/fuzz's programs):

- PyTorch's add (alpha or not, in place, with a number or a 0-d tensor, broadcast, strided)
  and sub return the second operand's NaN; div the first's (as NumPy); mul depends on the
  element's place in the vector loop and in the element loop's own unrolling (not modelled).
- NumPy's add returns the first operand's NaN in its element loop (rows of up to 16 float32
  / 8 float64 elements, and strided rows) and over the whole vector steps of longer rows;
  the second's in the remainder of a longer row, and a broadcast number's throughout it.
  Its subtract returns the first operand's NaN everywhere. So AddBackward0 computes y + x
  (the same sum): PyTorch's NaN except in those remainders; x - y keeps x's NaN (a fix
  would cost every subtraction).
- PyTorch's cascade sum (``multi_row_sum``, ``row_sum``, the leftover elements' total) keeps
  its running sum's NaN at every addition, the earlier one, as NumPy's sequential loops in
  sum_order.py do; only the last step of an inner reduction, the vector's lanes added one by
  one into the total, keeps the lane's NaN. So the total is the last lane that is NaN, where
  one is, else the total NumPy computed (checked on 600 random sums, means and row sums
  with NaNs of both signs of 3 to 3001 elements, and 60 of 33000 to 100003 split over two
  threads). Only a NaN total pays for the rule."""
import numpy as np


def lanes_total(lanes, width):
    """The last axis of ``lanes`` (leftover elements, then ``width`` vector lanes) added in
    order from 0, as PyTorch's inner sum, its NaNs as PyTorch's (above)."""
    if lanes.ndim == 1:
        total = check = np.add.accumulate(lanes)[-1]  # (a NumPy number, as before this rule)
    else:  # (a dot product is NaN only from a NaN: cheaper than np.isnan(...).any())
        total = np.add.accumulate(lanes, 1)[:, -1]
        check = total[0] if len(total) == 1 else total.dot(total)
    if check == check:
        return total
    if lanes.dtype.kind == "c":  # (complex: each part a real sum, its NaN chosen as one)
        parts = np.empty_like(total)
        parts.real = lanes_total(lanes.real, width)
        parts.imag = lanes_total(lanes.imag, width)
        return parts
    last = lanes[..., -width:]
    nan = np.isnan(last)
    if not nan.any():  # (a NaN of the leftovers or of inf - inf: NumPy's is PyTorch's)
        return total
    # the last NaN lane of each row: its index counted from the end, as argmax finds firsts
    lane = width - 1 - np.argmax(nan[..., ::-1], -1)
    picked = np.take_along_axis(last, lane[..., None], -1)[..., 0]
    return np.where(nan.any(-1), picked, total)
