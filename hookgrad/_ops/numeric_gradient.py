"""``torch.gradient``: second-order central differences inside, one-sided differences of order
``edge_order`` at the ends, written as PyTorch's ATen composition writes them (slices,
subtractions, products, divisions and a ``cat``), so the results round as PyTorch's and their
graphs record PyTorch's nodes (``CatBackward0`` over ``DivBackward1`` / ``AddBackward0`` ...).
The operands of every binary operator are made right to left, as C++ (GCC) evaluates them:
the order in which the slices' gradients reach the input, and so their sum's rounding."""
import numbers

from .._parser_types import parser_type_name
from .._tensor_base import TensorBase, _wrap_dim
from .shape import cat
from .views import narrow

_OVERLOADS = (
    " * (Tensor input, *, tuple of ints dim, int edge_order = 1)\n"
    " * (Tensor input, *, Number spacing, tuple of ints dim, int edge_order = 1)\n"
    " * (Tensor input, *, Number spacing = None, int dim = None, int edge_order = 1)\n"
    " * (Tensor input, *, tuple of Scalars spacing, int dim = None, int edge_order = 1)\n"
    " * (Tensor input, *, tuple of Scalars spacing, tuple of ints dim, int edge_order = 1)\n"
    " * (Tensor input, *, tuple of Tensors spacing, int dim = None, int edge_order = 1)\n"
    " * (Tensor input, *, tuple of Tensors spacing, tuple of ints dim, int edge_order = 1)\n")


def _refuse(args, kwargs):
    got = [parser_type_name(a) for a in args] + [f"{k}={parser_type_name(v)}"
                                                 for k, v in kwargs.items()]
    raise TypeError("gradient() received an invalid combination of arguments - got "
                    f"({', '.join(got)}), but expected one of:\n" + _OVERLOADS)


def _is_number(value):
    if isinstance(value, TensorBase):  # (a 0-d tensor is a Number to PyTorch's parser)
        return value.dim() == 0
    return isinstance(value, numbers.Number)


def _is_int(value):
    return isinstance(value, numbers.Integral) and not isinstance(value, bool) or (
        isinstance(value, TensorBase) and value.dim() == 0 and not value.is_floating_point()
        and not value.is_complex())


def _parse(input, args, kwargs):
    """Which of PyTorch's seven overloads a call is: the spacing (None, a list of numbers or
    a list of tensors) and the dims (None: all of them, or a list), or its TypeError."""
    keys = set(kwargs) - {"spacing", "dim", "edge_order"}
    if not isinstance(input, TensorBase):
        raise TypeError("gradient(): argument 'input' (position 1) must be Tensor, not "
                        f"{parser_type_name(input)}")
    shown = dict(kwargs)
    if args or keys:
        _refuse((input,) + args, shown)
    spacing = kwargs.get("spacing")
    dim = kwargs.get("dim")
    edge_order = kwargs.get("edge_order", 1)
    if not _is_int(edge_order):
        _refuse((input,), shown)
    dims = None
    if dim is not None:
        if _is_int(dim):
            dims = [int(dim)]
            single = True
        elif isinstance(dim, (list, tuple)) and all(_is_int(d) for d in dim):
            dims = [int(d) for d in dim]
            single = False
        else:
            _refuse((input,), shown)
    if spacing is None:
        numbers_ = None
    elif isinstance(spacing, (list, tuple)):
        if all(_is_number(s) for s in spacing) and not any(
                isinstance(s, TensorBase) for s in spacing):
            numbers_ = [_scalar(s) for s in spacing]
        else:
            for i, s in enumerate(spacing):
                if not isinstance(s, TensorBase):
                    raise TypeError(f"expected Tensor as element {i} in argument 1, but got "
                                    f"{parser_type_name(s)}")
            return list(spacing), dims, int(edge_order), True
    elif _is_number(spacing):
        count = input.dim() if dims is None else len(dims)
        numbers_ = [_scalar(spacing)] * count
    else:
        _refuse((input,), shown)
    if numbers_ is None and dims is not None and single is False:
        numbers_ = [1.0] * len(dims)
    elif numbers_ is None:
        numbers_ = [1.0] * (input.dim() if dims is None else 1)
    return numbers_, dims, int(edge_order), False


def _scalar(value):
    return value.item() if isinstance(value, TensorBase) else value


def _check(input, count, dims, edge_order):
    """PyTorch's ``pre_check_gradient``, in its order."""
    if str(input.dtype) == "torch.uint8":
        raise RuntimeError("torch.gradient does not support uint8 input.")
    ndim = input.dim()
    if dims is None and count != ndim:
        raise RuntimeError(
            "torch.gradient expected spacing to be unspecified, a scalar, or a list of length "
            f"equal to 'self.dim() = {ndim}', since dim argument was not given, but got a list "
            f"of length {count}")
    if dims is not None and count != len(dims):
        raise RuntimeError(
            "torch.gradient expected spacing to be unspecified, a scalar or it's spacing and "
            f"dim arguments to have the same length, but got a spacing argument of length "
            f"{count} and a dim argument of length {len(dims)}.")
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    wrapped = range(ndim)
    if dims is not None:
        seen = set()
        wrapped = []
        for d in dims:
            w = _wrap_dim(d, ndim)
            if w in seen:
                raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
            seen.add(w)
            wrapped.append(w)
    for d in wrapped:
        if input.shape[d] < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least "
                               "edge_order+1")


def _slice(t, dim, start, end=None):
    """ATen's ``at::slice(t, dim, start, end)`` (negative bounds from the end)."""
    size = t.shape[dim]
    start = max(start + size, 0) if start < 0 else min(start, size)
    end = size if end is None else (max(end + size, 0) if end < 0 else min(end, size))
    return narrow(t, dim, start, max(end - start, 0))


def _with_ends(center, prepend, append, dim):
    return cat([prepend, center, append], dim)


def _spaced(self, spacing, dims, edge_order):
    """``gradient_helper_float``: uniform spacing, one number per dim."""
    result = []
    for i, d in enumerate(dims):
        d = _wrap_dim(d, self.dim())
        h = spacing[i]
        first = _slice(self, d, 0, -2)
        center = (_slice(self, d, 2) - first) / h
        if edge_order == 1:
            first = _slice(self, d, 0, 1)
            prepend = (_slice(self, d, 1, 2) - first) / h
            first = _slice(self, d, -2, -1)
            append = (_slice(self, d, -1) - first) / h
        else:
            last = _slice(self, d, 2, 3) * -0.5
            middle = _slice(self, d, 1, 2) * 2
            prepend = (_slice(self, d, 0, 1) * -1.5 + middle + last) / h
            last = _slice(self, d, -1) * 1.5
            middle = _slice(self, d, -2, -1) * -2
            append = (_slice(self, d, -3, -2) * 0.5 + middle + last) / h
        result.append(_with_ends(center / 2, prepend, append, d))
    return tuple(result)


def _coordinates(self, coordinates, dims, edge_order):
    """``gradient_helper``: sample coordinates per dim (nonuniform second-order weights)."""
    result = []
    for i, d in enumerate(dims):
        x = coordinates[i]
        if x.dim() != 1:
            raise RuntimeError("torch.gradient expected each element of spacing to have one "
                               f"dimension, but got an element with {x.dim()} dimensions!")
        d = _wrap_dim(d, self.dim())
        shape = [1] * self.dim()
        shape[d] = -1
        h = x.diff(1, 0)
        h1 = _slice(h, 0, 0, -1)
        h2 = _slice(h, 0, 1)
        a = (-h2 / (h1 * (h1 + h2))).reshape(shape)
        b = ((h2 - h1) / (h1 * h2)).reshape(shape)
        c = (h1 / (h2 * (h1 + h2))).reshape(shape)
        last = c * _slice(self, d, 2)
        middle = b * _slice(self, d, 1, -1)
        center = a * _slice(self, d, 0, -2) + middle + last
        if edge_order == 1:
            step = h[0]
            first = _slice(self, d, 0, 1)
            prepend = (_slice(self, d, 1, 2) - first) / step
            step = h[-1]
            first = _slice(self, d, -2, -1)
            append = (_slice(self, d, -1) - first) / step
        else:
            prepend = _second_order_end(self, d, h, first=True)
            append = _second_order_end(self, d, h, first=False)
        result.append(_with_ends(center, prepend, append, d))
    return tuple(result)


def _second_order_end(self, d, h, first):
    """The one-sided second-order difference at the first or the last sample."""
    if first:
        den = h[0] * (h[0] + h[1])
        a = -(2.0 * h[0] + h[1]) / den
        den = h[0] * h[1]
        b = (h[0] + h[1]) / den
        den = h[1] * (h[0] + h[1])
        c = (-h[0]) / den
        last = c * _slice(self, d, 2, 3)
        middle = b * _slice(self, d, 1, 2)
        return a * _slice(self, d, 0, 1) + middle + last
    den = h[-2] * (h[-1] + h[-2])
    a = h[-1] / den
    den = h[-1] * h[-2]
    b = -(h[-1] + h[-2]) / den
    den = h[-1] * (h[-1] + h[-2])
    c = (2 * h[-1] + h[-2]) / den
    last = c * _slice(self, d, -1)
    middle = b * _slice(self, d, -2, -1)
    return a * _slice(self, d, -3, -2) + middle + last


def gradient(input, *args, **kwargs):
    """``torch.gradient(input, *, spacing=1, dim=None, edge_order=1)``: a tuple, one tensor
    per dim (a 0-d input: no dims, an empty tuple)."""
    spacing, dims, edge_order, coordinates = _parse(input, args, kwargs)
    _check(input, len(spacing), dims, edge_order)
    if dims is None:
        dims = list(range(input.dim()))
    if coordinates:
        return _coordinates(input, spacing, dims, edge_order)
    return _spaced(input, spacing, dims, edge_order)
