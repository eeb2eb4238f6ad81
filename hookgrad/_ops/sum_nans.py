"""Which NaN a PyTorch CPU sum returns when NaNs meet (fuzz 27:6002).

x86's scalar and vector additions, given two NaNs, return the first source operand's NaN,
its sign and payload kept; which operand the compiler made first is fixed per addition in
PyTorch's kernels. Measured on PyTorch 2.13 (AVX2, float32 and float64; every pair of a +NaN
and a -NaN among zeros, lengths 5 to 40 and a few hundred to thousands): every addition of
its cascade sum (``multi_row_sum``, ``row_sum``, the leftover elements' total) keeps its
running sum's NaN, the earlier one, which NumPy's sequential loops in sum_order.py do too;
only the last step of an inner reduction, the vector's lanes added one by one into the
total, keeps the lane's NaN. So the total is the last lane that is NaN, where one is, else
the total NumPy computed. Only a NaN total pays for the rule (one comparison)."""
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
    last = lanes[..., -width:]
    nan = np.isnan(last)
    if not nan.any():  # (a NaN of the leftovers or of inf - inf: NumPy's is PyTorch's)
        return total
    # the last NaN lane of each row: its index counted from the end, as argmax finds firsts
    lane = width - 1 - np.argmax(nan[..., ::-1], -1)
    picked = np.take_along_axis(last, lane[..., None], -1)[..., 0]
    return np.where(nan.any(-1), picked, total)
