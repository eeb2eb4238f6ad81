"""``torch.linspace`` and ``torch.logspace`` with PyTorch's values, bit for bit. PyTorch's CPU
kernel fills the first half as ``start + step * i`` and the second half backwards as
``end - step * (steps - 1 - i)`` (so both ends are exact), in the result's type (double for
integer results), each a fused multiply-add; float16 / bfloat16 round after every
operation. NumPy's ``linspace`` computes in double and rounds differently."""
import math

import numpy as np

from . import _dtype
from ._cpp_print import c_double
from ._ops.fused import fma32, fma64
from ._parser_types import parser_type_name
from ._tensor_base import TensorBase

_SIGNATURES = (
    "(Tensor start, Tensor end, int steps{base}, *, Tensor out = None, torch.dtype dtype = None, "
    "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
    "bool requires_grad = False)")


def _refuse_arguments(name, start, end, steps):
    base = ", float base = 10.0" if name == "logspace" else ""
    forms = [_SIGNATURES.format(base=base)]
    for first, second in (("Number", "Tensor"), ("Tensor", "Number"), ("Number", "Number")):
        forms.append(forms[0].replace("(Tensor start, Tensor end",
                                      f"({first} start, {second} end"))
    got = ", ".join(parser_type_name(v) for v in (start, end, steps))
    raise TypeError(f"{name}() received an invalid combination of arguments - got ({got}), "
                    "but expected one of:\n" + "".join(f" * {f}\n" for f in forms))


def _endpoint(value, which, name):
    """A Python number for ``start`` / ``end`` (0-d tensors are read, as PyTorch reads them)."""
    if isinstance(value, TensorBase):
        if value.dim() != 0:
            raise RuntimeError(f"{name} only supports 0-dimensional start and end tensors, but "
                               f"got {which} with {value.dim()} dimension(s).")
        return value.item()
    return value


def check_arguments(name, start, end, steps):
    """``(start, end, steps)`` as numbers, or PyTorch's error for them."""
    numbers = (bool, int, float, complex, np.number, TensorBase)
    if (isinstance(steps, (bool, float)) or not isinstance(steps, (int, np.integer))
            or not isinstance(start, numbers) or not isinstance(end, numbers)):
        _refuse_arguments(name, start, end, steps)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    return _endpoint(start, "start", name), _endpoint(end, "end", name), int(steps)


def _halves(steps, low, high):
    """The first half of the result from ``low``, the second from ``high``."""
    return np.where(np.arange(steps) < steps // 2, low, high)


def _rounded_each_step(start, end, steps, np_dtype):
    """float16 / bfloat16 as PyTorch's scalar kernel computes them: the endpoints, their
    difference, the step and each index in that type, each product and sum rounded back to
    it. (Beyond about 80 elements PyTorch's vector kernel takes over and can differ in the
    last bit; see the README's Known gaps.)"""
    f32 = np.float32
    def rounded(x):
        return np.asarray(x, f32).astype(np_dtype).astype(f32)
    start, end = rounded(start), rounded(end)
    step = rounded(rounded(end - start) / f32(steps - 1))
    forward = np.arange(steps)
    low = rounded(start + rounded(step * rounded(forward)))
    high = rounded(end - rounded(step * rounded(steps - 1 - forward)))
    return _halves(steps, low, high).astype(np_dtype)


def spaced_values(start, end, steps, dt):
    """The ``steps`` values of ``linspace(start, end)`` in hookgrad dtype ``dt``."""
    np_dtype = np.dtype(dt.np_dtype)
    if steps <= 1:
        return np.full(steps, start).astype(np_dtype)
    with np.errstate(all="ignore"):
        if dt.is_complex:
            step = (complex(end) - complex(start)) / (steps - 1)
            forward = np.arange(steps)
            low = complex(start) + step * forward
            high = complex(end) - step * (steps - 1 - forward)
            return _halves(steps, low, high).astype(np_dtype)
        if np_dtype.kind in "iub":
            if np_dtype.kind == "b":
                raise NotImplementedError("\"linspace_cpu\" not implemented for 'Bool'")
            start, end, calc, fma = int(start), int(end), np.float64, fma64
        elif np_dtype.itemsize < 4:
            return _rounded_each_step(start, end, steps, np_dtype)
        elif np_dtype == np.float32:
            calc, fma = np.float32, fma32
        else:
            calc, fma = np.float64, fma64
        start, end = calc(start), calc(end)
        step = calc((end - start) / calc(steps - 1))
        forward = np.arange(steps, dtype=calc)
        low = fma(step, forward, start)
        high = fma(-step, calc(steps - 1) - forward, end)
        return _halves(steps, low, high).astype(np_dtype)


def default_dtype(start, end, dtype):
    if dtype is not None:
        return _dtype.to_dtype(dtype)
    if isinstance(start, complex) or isinstance(end, complex):
        return _dtype.to_dtype(_dtype.get_default_dtype()).to_complex()
    return _dtype.get_default_dtype()



def _c_pow(base, exponent):
    """C's double ``pow`` (PyTorch's logspace calls ``std::pow``; NumPy's float64 power is a
    SIMD approximation that differs in about one value in twenty). ``math.pow`` is C's, but
    raises where C returns an infinity or NaN."""
    try:
        return math.pow(base, exponent)
    except (OverflowError, ValueError):
        odd = exponent.is_integer() and exponent % 2 == 1
        if base == 0 or abs(base) > 1:  # a pole or an overflow
            return -math.inf if odd and math.copysign(1.0, base) < 0 else math.inf
        return math.nan  # a negative base to a fractional power


def powers(base, start, end, steps, dt):
    """``logspace``: C's ``pow(base, e)`` in double for each exponent ``e``, the exponents as
    PyTorch's logspace computes them (unlike linspace's kernel: the endpoints in the result's
    type, their difference in that type, the step and each exponent in double without fused
    multiply-adds), rounded once to the result's type."""
    np_dtype = np.dtype(dt.np_dtype)
    if np_dtype.kind == "b":
        raise NotImplementedError("\"logspace_cpu\" not implemented for 'Bool'")
    base = float(base)
    if dt.is_complex:
        return np.power(base, spaced_values(start, end, steps, dt)).astype(np_dtype)
    if steps <= 1:
        return _from_double([_c_pow(base, float(start))] * steps, np_dtype)
    with np.errstate(all="ignore"):
        if np_dtype.kind in "iu":  # C++ subtracts the converted endpoints as ints
            start, end = int(np_dtype.type(int(start))), int(np_dtype.type(int(end)))
        else:
            start, end = np_dtype.type(start), np_dtype.type(end)
        step = float(end - start) / (steps - 1)
        forward = np.arange(steps, dtype=np.float64)
        low = float(start) + step * forward
        high = float(end) - step * (steps - 1 - forward)
        exponents = _halves(steps, low, high)
        return _from_double([_c_pow(base, e) for e in exponents.tolist()], np_dtype)


def _from_double(values, np_dtype):
    """Doubles stored into ``np_dtype`` as C++ stores them: float16 / bfloat16 through float."""
    values = np.array(values, np.float64)
    if np_dtype.itemsize < 4 and np_dtype.kind not in "iu":
        values = values.astype(np.float32)
    return values.astype(np_dtype)


_GRAIN = 32768  # at::internal::GRAIN_SIZE: PyTorch's parallel_for splits ranges above it
_LANES = {8: 4, 4: 8, 2: 16}  # elements per AVX2 vector by item size (PyTorch's kernel here)


def _chunk_bounds(count, threads):
    """The ranges at::parallel_for gives each thread."""
    tasks = min(threads, -(-count // _GRAIN)) if count > _GRAIN else 1
    size = -(-count // tasks)
    return [(begin, min(count, begin + size)) for begin in range(0, count, size)]


def arange_values(start, step, count, np_dtype, threads):
    """``arange``'s ``count`` floating values as PyTorch's CPU kernel writes them: over each
    thread's range, blocks of two vectors whose lanes count on from a base ``start + step *
    i`` rounded to the dtype, then the elements left over one by one as ``start + step * i``
    (a fused multiply-add in the accumulation type: double, or float for float16 /
    bfloat16), each rounded once to the dtype."""
    if count == 0:
        return np.empty(0, np_dtype)
    lanes = _LANES[np_dtype.itemsize]
    calc, fma = (np.float64, fma64) if np_dtype.itemsize >= 4 else (np.float32, fma32)
    start, step = calc(start), calc(step)
    out = np.empty(count, np_dtype)
    offsets = np.arange(lanes, dtype=calc)
    with np.errstate(all="ignore"):
        for begin, end in _chunk_bounds(count, threads):
            blocks = (end - begin) // (2 * lanes) * 2
            if blocks:
                first = begin + lanes * np.arange(blocks, dtype=calc)
                bases = fma(step, first, start).astype(np_dtype).astype(calc)
                if np_dtype.name == "bfloat16":  # its vector arange multiplies, then adds
                    values = offsets * step + bases[:, None]
                else:
                    values = fma(offsets, step, bases[:, None])
                out[begin:begin + blocks * lanes] = values.astype(np_dtype).ravel()
            rest = np.arange(begin + blocks * lanes, end, dtype=calc)
            out[begin + blocks * lanes:end] = fma(step, rest, start).astype(np_dtype)
    return out


def arange_count(start, end, step, np_dtype):
    """``(count, start, step)`` of ``arange`` for ``np_dtype``, with PyTorch's checks in its
    order: a zero step, a non-finite bound, bounds against the step's sign (all in double), then
    the size (computed in int64 for int64 results, in double otherwise)."""
    start, end, step = (v.item() if isinstance(v, TensorBase) else v for v in (start, end, step))
    bounds = float(start), float(end), float(step)
    if bounds[2] == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(bounds[0]) and math.isfinite(bounds[1])):
        raise RuntimeError(f"unsupported range: {c_double(bounds[0])} -> "
                           f"{c_double(bounds[1])}")
    if not ((bounds[2] > 0 and bounds[1] >= bounds[0])
            or (bounds[2] < 0 and bounds[1] <= bounds[0])):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    if np_dtype == np.int64:  # PyTorch's int64 size: in int64, after converting the bounds
        start, end, step = (_to_int64(v) for v in (start, end, step))
        if step == 0:
            raise ValueError("step must be nonzero")
        sign = 1 if step > 0 else -1
        numerator = end - start + step - sign
        count = abs(numerator) // abs(step) * (1 if (numerator < 0) == (step < 0) else -1)
    else:
        size = math.ceil((bounds[1] - bounds[0]) / bounds[2])
        if not 0 <= size <= 2 ** 63 - 1:
            raise RuntimeError("invalid size, possible overflow?")
        count = int(size)
        if np_dtype.kind in "iu":
            start, step = _to_int64(start), _to_int64(step)
    return count, start, step


def _to_int64(value):
    """A Python number as C++'s ``Scalar::to<int64_t>()`` converts it (towards zero)."""
    if isinstance(value, float) and not -2.0 ** 63 <= value < 2.0 ** 63:
        raise RuntimeError("value cannot be converted to type int64_t without overflow")
    return int(value)
