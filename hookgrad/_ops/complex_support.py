"""Which ops compute on complex tensors, and the one refusal for every other op.

An op class computes on complex64 / complex128 inputs only if it sets ``supports_complex =
True``: its forward and backward were checked against PyTorch (backward formulas give the
conjugate Wirtinger gradient PyTorch's autograd passes). Every other op refuses a complex
input before computing, because NumPy would often compute something else than PyTorch
(comparisons, max and sort order complex numbers lexicographically; casts drop the imaginary
part). ``Op.apply`` calls ``refuse_complex`` once a complex tensor may exist; the few paths
that compute without an ``Op`` (comparisons, argmax, argsort, ...) call it themselves."""
import numpy as np

from .._dtype import complex_tensors_made, result_type
from .._tensor_base import TensorBase
from .._warn_once import warn_once

# PyTorch's own error for a complex input, where it has one: op name -> (type, message);
# "{type}" is PyTorch's scalar type name (ComplexFloat, ComplexDouble).
_CLAMP = (NotImplementedError, "clamp is not supported for complex types")
_SORT = (RuntimeError, " Sort does not support complex dtypes on CPU")
PYTORCH_ERRORS = {
    "relu": _CLAMP, "clamp": _CLAMP, "clamp_min": _CLAMP, "clamp_max": _CLAMP,
    "hardtanh": _CLAMP, "relu6": _CLAMP,
    "maximum_cpu": (NotImplementedError, "\"maximum_cpu\" not implemented for '{type}'"),
    "minimum_cpu": (NotImplementedError, "\"minimum_cpu\" not implemented for '{type}'"),
    "clamp_cpu": (NotImplementedError, "\"clamp_cpu\" not implemented for '{type}'"),
    "floor": (NotImplementedError, "floor is not supported for complex inputs"),
    "ceil": (NotImplementedError, "ceil is not supported for complex inputs"),
    "trunc": (NotImplementedError, "trunc is not supported for complex inputs"),
    "sort": _SORT, "argsort": _SORT, "msort": _SORT,
    "topk": (RuntimeError, " topk does not support complex dtypes on CPU"),
    "maximum": (RuntimeError, "maximum not implemented for complex tensors."),
    "fmax": (RuntimeError, "fmax not implemented for complex tensors."),
    "fmin": (RuntimeError, "fmin not implemented for complex tensors."),
    "hypot": (NotImplementedError, "\"hypot_cpu\" not implemented for '{type}'"),
    "copysign": (NotImplementedError, "\"copysign_cpu\" not implemented for '{type}'"),
    "nextafter": (NotImplementedError, "\"nextafter_cpu\" not implemented for '{type}'"),
    "xlogy": (NotImplementedError, "\"xlogy_cpu\" not implemented for '{type}'"),
    "bitwise_and": (NotImplementedError, "\"bitwise_and_cpu\" not implemented for '{type}'"),
    "bitwise_or": (NotImplementedError, "\"bitwise_or_cpu\" not implemented for '{type}'"),
    "bitwise_xor": (NotImplementedError, "\"bitwise_xor_cpu\" not implemented for '{type}'"),
    "minimum": (RuntimeError, "minimum not implemented for complex tensors."),
    "argmax": (RuntimeError, "argmax(): does not support complex input"),
    "argmin": (RuntimeError, "argmin(): does not support complex input"),
    "sign": (NotImplementedError, "Unlike NumPy, torch.sign is not intended to support complex "
                                  "numbers. Please use torch.sgn instead."),
    "heaviside": (RuntimeError, "heaviside is not yet implemented for complex tensors."),
    "lt": (NotImplementedError, "\"lt_cpu\" not implemented for '{type}'"),
    "le": (NotImplementedError, "\"le_cpu\" not implemented for '{type}'"),
    "gt": (NotImplementedError, "\"gt_cpu\" not implemented for '{type}'"),
    "ge": (NotImplementedError, "\"ge_cpu\" not implemented for '{type}'"),
    "max": (NotImplementedError, "\"max_all\" not implemented for '{type}'"),
    "min": (NotImplementedError, "\"min_all\" not implemented for '{type}'"),
    "amax": (NotImplementedError, "\"max_values_cpu\" not implemented for '{type}'"),
    "amin": (NotImplementedError, "\"min_values_cpu\" not implemented for '{type}'"),
    "median": (NotImplementedError, "\"median_cpu\" not implemented for '{type}'"),
    "fmod": (NotImplementedError, "\"fmod_cpu\" not implemented for '{type}'"),
    "remainder": (NotImplementedError, "\"remainder_cpu\" not implemented for '{type}'"),
    "div_floor_cpu": (NotImplementedError, "\"div_floor_cpu\" not implemented for '{type}'"),
    "div_trunc_cpu": (NotImplementedError, "\"div_trunc_cpu\" not implemented for '{type}'"),
    "atan2": (NotImplementedError, "\"atan2_cpu\" not implemented for '{type}'"),
    "erf": (NotImplementedError, "\"erf_vml_cpu\" not implemented for '{type}'"),
    "lgamma": (NotImplementedError, "\"lgamma_vml_cpu\" not implemented for '{type}'"),
    "round": (NotImplementedError, "\"round_vml_cpu\" not implemented for '{type}'"),
    "unique": (NotImplementedError, "\"unique\" not implemented for '{type}'"),
    "searchsorted": (NotImplementedError,
                     "\"searchsorted_out_cpu\" not implemented for '{type}'"),
    "isposinf": (RuntimeError, "isposinf does not support complex inputs."),
    "isneginf": (RuntimeError, "isneginf does not support complex inputs."),
    "signbit": (NotImplementedError, "signbit is not implemented for complex tensors."),
    "nansum": (RuntimeError, "nansum on CPU does not support complex inputs"),
    "softmax": (NotImplementedError,
                "\"softmax_lastdim_kernel_impl\" not implemented for '{type}'"),
}

_TYPE_NAMES = {"complex64": "ComplexFloat", "complex128": "ComplexDouble"}


def complex_dtype_of(values):
    """The NumPy dtype of the first complex tensor (or Python complex number) in ``values``
    (lists and tuples of tensors looked into), or None."""
    for value in values:
        if isinstance(value, TensorBase):
            if value._data.dtype.kind == "c":
                return value._data.dtype
        elif type(value) is complex:
            return np.dtype(np.complex128)
        elif type(value) in (list, tuple):
            found = complex_dtype_of(value)
            if found is not None:
                return found
    return None


def complex_form(op, args):
    """The op class to run for ``args``: ``op`` itself if none is complex, else its complex
    form (``complex_arithmetic.FORMS``), else PyTorch's (or hookgrad's) refusal."""
    if complex_dtype_of(args) is None:
        return op
    # (imported here, the first time a complex input reaches an op: those modules build on
    # the arithmetic and elementwise ops, which import this one)
    from .complex_arithmetic import FORMS
    from .complex_elementwise import FORMS as ELEMENTWISE_FORMS
    from .complex_powers import FORMS as POWER_FORMS
    from .complex_products import FORMS as PRODUCT_FORMS
    rounding = args[2] if op.__name__ in _ROUNDING_DIVISIONS and len(args) > 2 else None
    form = (FORMS.get(op) or ELEMENTWISE_FORMS.get(op) or PRODUCT_FORMS.get(op)
            or POWER_FORMS.get(op)) if rounding is None else None
    if form is None:
        name = _NODE_NAMES.get(op.__name__, op.op_name())
        if name == "torch::autograd::notimplemented":  # (an op with no derivative, whose
            # node is PyTorch's NotImplemented: named by its function)
            name = getattr(op, "function_name", name)
        if name == "clamp" and complex_dtype_of(args[:1]) is None:
            # (a real input, a complex tensor bound: the kernel's error; one bound alone is
            # PyTorch's clamp_min / clamp_max)
            name = ("maximum_cpu" if args[2] is None else "minimum_cpu" if args[1] is None
                    else "clamp_cpu")
        if rounding in ("floor", "trunc"):
            name = f"div_{rounding}_cpu"
        refuse_complex(name, args)
    return form


# divisions whose third argument is a rounding mode: a complex operand is the kernel's error
_ROUNDING_DIVISIONS = {"DivBackward2", "NotImplemented"}


# ops whose refusal depends on the node (a clamp bound that is a number or a tensor)
_NODE_NAMES = {"ClampMinBackward0": "clamp", "ClampMaxBackward0": "clamp",
               "ClampMinBackward1": "maximum_cpu", "ClampMaxBackward1": "minimum_cpu"}


def check_real(name, *values):
    """``refuse_complex`` for the paths that compute without an ``Op`` (comparisons, argmax,
    argsort, ...), skipped until a complex tensor may exist."""
    if complex_tensors_made[0]:
        refuse_complex(name, values)


def refuse_complex(name, values):
    """Raise PyTorch's error (or hookgrad's) if any of ``values`` is complex: op ``name``
    does not compute on complex tensors here."""
    found = complex_dtype_of(values)
    if found is not None:
        if name in PYTORCH_ERRORS:  # (a kernel's error names the operands' common dtype)
            tensors = [v for v in values if isinstance(v, (TensorBase, bool, int, float,
                                                            complex))]
            found = result_type(tensors).np_dtype
        _refuse(name, found)


def check_real_array(name, x):
    """``refuse_complex`` for an array (the checks of an input's dtype before an op)."""
    if x.dtype.kind == "c":
        _refuse(name, x.dtype)


def _refuse(name, found):
    known = PYTORCH_ERRORS.get(name)
    if known is not None:
        error, message = known
        raise error(message.format(type=_TYPE_NAMES.get(found.name, found.name)))
    raise RuntimeError(f"{name}: hookgrad does not support complex tensors in this op (got "
                       f"torch.{found.name}); the ops that compute on complex tensors are listed "
                       "in README.md")


# The C++ type names PyTorch's "value cannot be converted" error prints.
_C_TYPES = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "int64_t",
            "int32": "int", "int16": "int16_t", "int8": "int8_t", "uint8": "uint8_t"}


def refuse_complex_number(np_dtype, half_name="c10::Half"):
    """PyTorch's error for a complex number written into a real tensor of ``np_dtype`` (its
    conversion of a Scalar calls a non-zero imaginary part an overflow)."""
    name = half_name if np_dtype.name == "float16" else _C_TYPES.get(np_dtype.name,
                                                                     np_dtype.name)
    raise RuntimeError(f"value cannot be converted to type {name} without overflow")


def real_number(value, np_dtype):
    """A number written into a tensor of ``np_dtype``: a complex one into a real tensor is its
    real part if its imaginary part is 0, else PyTorch's conversion error."""
    if type(value) is complex and np_dtype.kind != "c":
        if value.imag:
            refuse_complex_number(np_dtype)
        return value.real
    return value


def warn_discarded_imaginary(stacklevel, count):
    """PyTorch's warning (once per process) when a cast to a real dtype drops imaginary
    parts; ``stacklevel`` counts from the caller, as ``warnings.warn``'s. None for a cast of
    no elements (``count`` 0: PyTorch's copy returns before it warns)."""
    if not count:
        return
    warn_once("complex to real cast", "Casting complex values to real discards the imaginary "
              "part (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
              "Copy.cpp:307.)", UserWarning, stacklevel=stacklevel + 1)

