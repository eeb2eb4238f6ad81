"""A tensor as PyTorch's C++ code prints it into some error messages (``at::print``): columns
of one width and format chosen from the values, a common scale factor where that keeps them
short, ``(i,j,.,.) =`` headers over the matrices of a tensor of more than 2 dims (the first
index varying fastest), and the type and sizes last: ``[ torch.FloatTensor{2,3} ]``."""
import math

import numpy as np

from ._dtype import from_numpy_dtype

_LINE = 80  # characters per line before the columns are split into blocks


def c_double(x):
    """A number as C++'s ``operator<<`` prints a double (six significant digits; ``-nan`` for
    a NaN with its sign bit set)."""
    if math.isnan(x):
        return "-nan" if math.copysign(1.0, x) < 0 else "nan"
    return f"{float(x):g}"


def type_string(x):
    """The C++ name of an array's tensor type: ``torch.FloatTensor``, ``CPUBoolType``."""
    if x.dtype == np.bool_:
        return "CPUBoolType"
    return "torch." + from_numpy_dtype(x.dtype).legacy_name


def cpp_print(x):
    """``x`` (an array of 1 or more dims) printed as ``at::print`` prints it."""
    out = []
    if x.ndim == 1:
        if x.size:
            scale, width, fmt = _format(x.tolist())
            if scale != 1:
                out.append(_scale_line(scale))
            out.extend(_number(v, fmt, width, scale) + "\n" for v in x.tolist())
    elif x.ndim == 2:
        if x.size:
            _matrix(x.tolist(), 0, out)
    elif x.size:
        for position, reversed_index in enumerate(np.ndindex(*x.shape[:-2][::-1])):
            index = reversed_index[::-1]
            if position:
                out.append("\n")
            out.append("(" + "".join(f"{i + 1}," for i in index) + ".,.) = \n")
            _matrix(x[index].tolist(), 1, out)
    out.append(f"[ {type_string(x)}{{{','.join(map(str, x.shape))}}} ]")
    return "".join(out)


def _format(values):
    """``(scale, width, format)`` for a list of numbers: integers as such (scientific beyond
    9 digits), else 4 decimals, in scientific notation when the magnitudes span more than 4
    powers of ten, scaled by a power of ten when they are all large (or all below 0.1)."""
    values = [float(v) for v in values]
    whole = all(not math.isfinite(v) or v == math.ceil(v) for v in values)
    finite = [abs(v) for v in values if math.isfinite(v)]
    low = high = 1
    if finite:
        low = math.floor(math.log10(min(finite))) + 1 if min(finite) else 1
        high = math.floor(math.log10(max(finite))) + 1 if max(finite) else 1
    if whole:
        return (1.0, 11, "%.4e") if high > 9 else (1.0, high + 1, "%g")
    if high - low > 4:
        return 1.0, 12 if abs(high) > 99 or abs(low) > 99 else 11, "%.4e"
    if high > 5 or high < 0:
        return 10.0 ** (high - 1), 7, "%.4f"
    return 1.0, 7 if high == 0 else high + 6, "%.4f"


def _number(value, fmt, width, scale):
    value = float(value) / scale
    if math.isnan(value):
        text = c_double(value)  # (printf's "-nan" for a NaN with its sign bit set)
    elif math.isinf(value):
        text = "inf" if value > 0 else "-inf"
    else:
        text = fmt % value
    return text.rjust(width)


def _scale_line(scale):
    return (f"{int(scale)} *\n" if scale >= 1 else "%g *\n" % scale)


def _matrix(rows, indent, out):
    scale, width, fmt = _format([v for row in rows for v in row])
    columns = len(rows[0])
    per_line = (_LINE - indent) // (width + 1)
    first = 0
    while first < columns:
        last = min(first + per_line, columns) - 1
        if per_line < columns:
            if first:
                out.append("\n")
            out.append(f"Columns {first + 1} to {last + 1}" + " " * indent)
        if scale != 1:
            out.append(_scale_line(scale) + " " * indent)
        for i, row in enumerate(rows):
            for c in range(first, last + 1):
                out.append(_number(row[c], fmt, width, scale))
                if c < last:
                    out.append(" ")
                else:
                    out.append("\n")
                    if i < len(rows) - 1:
                        out.append(" " * indent + (" " if scale != 1 else ""))
        first = last + 1
