"""The size arguments of Tensor methods (``x.view(2, 3)``, ``x.view((2, 3))``,
``x.expand(size=...)``) read as PyTorch's argument parser reads them, with its TypeErrors."""
import numpy as np

from ._tensor_base import TensorBase, _sizes


def size_arguments(args, keyword, name, param):
    """``_sizes`` for a method taking sizes (``x.view(2, 3)``), with PyTorch's TypeErrors for
    none given, a keyword that is no sequence, and one argument that is neither a sequence nor
    an integer, or several arguments that are not all integers."""
    if keyword is None:
        if len(args) == 1:
            if type(args[0]) is not int and not isinstance(args[0], (tuple, list)):
                _check_one_size(args[0], name, param)
        elif not args:
            if name == "view":
                raise _view_error("", None)
            raise TypeError(f'{name}() missing 1 required positional arguments: "{param}"')
        else:
            for size in args:
                if type(size) is not int:
                    _check_several_sizes(args, name, param)
                    break
    elif not isinstance(keyword, (tuple, list)):
        given = type(keyword).__name__
        if name == "view":
            why = f"arguments have invalid types: (!size={given}!, )"
            raise _view_error(f"size={given}, ", ("keywords were incorrect: size", why))
        raise TypeError(f"{name}(): argument '{param}' must be tuple of ints, not {given}")
    return _sizes(args, keyword)


def _is_size(value):
    """An integer-like value (a NumPy integer, a 0-d integer tensor), not a bool."""
    if isinstance(value, TensorBase):
        return value._data.ndim == 0 and value._data.dtype.kind in "iu"
    return not isinstance(value, (bool, np.bool_)) and hasattr(value, "__index__")


def _check_several_sizes(args, name, param):
    """Sizes given one by one, not all Python ints: PyTorch reads them as a list of ints only
    when the first is one (then a bool counts as an int)."""
    if not _is_size(args[0]):
        if name == "view":
            raise _view_error(", ".join(type(a).__name__ for a in args), None)
        raise TypeError(f"{name}() takes 1 positional argument but {len(args)} were given")
    for position, value in enumerate(args[1:], 2):
        if not _is_size(value) and not isinstance(value, bool):
            raise TypeError(f"{name}(): argument '{param}' failed to unpack the object at pos "
                            f'{position} with error "type must be tuple of ints,but got '
                            f'{type(value).__name__}"')


def _check_one_size(value, name, param):
    """One size argument that is not a Python int: an integer-like value is one size."""
    if _is_size(value):
        return
    given = type(value).__name__
    if name == "view":
        why = f"arguments have invalid types: (!{given}!)"
        raise _view_error(given, (why, why))
    raise TypeError(f"{name}(): argument '{param}' (position 1) must be tuple of ints, not {given}")


def _view_error(got, reasons):
    """PyTorch's TypeError for ``view`` arguments matching neither of its overloads."""
    lines = [" * (torch.dtype dtype)", " * (tuple of ints size)"]
    if reasons is not None:
        lines = [lines[0], f"      didn't match because some of the {reasons[0]}", lines[1],
                 f"      didn't match because some of the {reasons[1]}"]
    return TypeError(f"view() received an invalid combination of arguments - got ({got}), but "
                     "expected one of:\n" + "".join(line + "\n" for line in lines))
