"""Complex tensors: cases run with PyTorch (tools/record/complex_tensors.py records what they
return into tests/recorded/complex_tensors.json) and with hookgrad (test_complex_tensors.py
compares). Each case takes the torch module and returns JSON-able values: printed text,
dtypes, numbers, or an error's type name and message."""
import math

_PRINTED = {  # name -> (values, dtype name)
    "whole": ([1 + 2j, -3 + 0j, 0 - 4j], "complex64"),
    "fractions": ([0.5 + 1.25j, -1.5 - 0.75j], "complex64"),
    "mixed_parts": ([1 + 0.5j, 2.25 - 3j], "complex64"),
    "negative_zero": ([complex(0.0, -0.0), complex(-0.0, 0.0)], "complex64"),
    "nan_inf": ([complex(math.nan, 1), complex(math.inf, -math.inf), 1 + 1j], "complex64"),
    "all_nan": ([complex(math.nan, math.nan)], "complex64"),
    "large": ([1e10 + 1j, -2e9 - 3.5j], "complex64"),
    "small": ([1e-5 + 2j, 3e-7 - 1e-6j], "complex64"),
    "mixed_scale": ([12345.678 + 0.001j, -0.5 + 1000.5j], "complex128"),
    "double": ([1 + 2j, 0.1 + 0.2j], "complex128"),
    "double_whole": ([3 + 0j], "complex128"),
    "many": ([complex(i * 0.25, -i) for i in range(30)], "complex64"),
    "summarized": ([complex(i, i / 3) for i in range(1200)], "complex64"),
}

_SHAPED = {  # name -> (nested values, dtype name)
    "scalar": (1 + 2j, "complex64"),
    "scalar_neg_imag": (-0.5 - 2.5j, "complex64"),
    "scalar_double": (0.25 + 0j, "complex128"),
    "matrix": ([[1 + 1j, -2 + 0.5j], [0j, 3 - 3j]], "complex64"),
    "cube": ([[[1j, 2], [3, -4j]], [[0.5, 1 + 1j], [-1, 2j]]], "complex128"),
    "empty": ([], "complex64"),
    "empty_double": ([], "complex128"),
}


def _printed(torch, name):
    values, dtype = _PRINTED[name]
    return repr(torch.tensor(values, dtype=getattr(torch, dtype)))


def _shaped(torch, name):
    values, dtype = _SHAPED[name]
    return repr(torch.tensor(values, dtype=getattr(torch, dtype)))


def _outcome(fn):
    try:
        value = fn()
    except Exception as error:  # the error PyTorch raises is the recorded value
        return [type(error).__name__, str(error)]
    return value


def _to_with_grad(torch):
    x = torch.tensor([0.0, -1.5, 2.25], requires_grad=True)
    y = x.to(torch.complex64)
    y.backward(torch.tensor([1 + 2j, 3 - 1j, -0.5 + 4j]))
    return [repr(y), y.grad_fn.name(), repr(x.grad)]


def _to_kinds(torch):
    out = []
    for values, dtype in (([1, -2], torch.int64), ([True, False], torch.bool),
                          ([1.5, -0.25], torch.float64), ([0.5], torch.float16)):
        t = torch.tensor(values, dtype=dtype)
        out += [repr(t.to(torch.complex64)), repr(t.to(torch.complex128)),
                repr(t.type(torch.complex64))]
    with torch.no_grad():
        leaf = torch.tensor([[1.0, -2.0]], requires_grad=True)
        out.append(repr(leaf.to(torch.cfloat)))
    return out


def _factories(torch):
    return [repr(torch.zeros(2, dtype=torch.complex64)),
            repr(torch.ones(2, 1, dtype=torch.cdouble)),
            repr(torch.empty(0, dtype=torch.complex64)), repr(torch.full((2,), 1 + 1j)),
            repr(torch.full((2,), 2, dtype=torch.complex64)),
            repr(torch.zeros(2, dtype=torch.complex128, requires_grad=True)),
            repr(torch.tensor(1 + 2j)), repr(torch.tensor([1, 2j])), repr(torch.tensor([[1j]])),
            torch.zeros(1, dtype=torch.complex64).type(), repr(torch.zeros_like(
                torch.ones(2, dtype=torch.complex128)))]


def _promotion(torch):
    pairs = [(torch.float64, torch.complex64), (torch.float16, torch.complex64),
             (torch.int64, torch.complex64), (torch.complex64, torch.complex128),
             (torch.bool, torch.complex128), (torch.float32, torch.complex64)]
    out = [str(torch.promote_types(a, b)) for a, b in pairs]
    f64, f32 = torch.ones(2, dtype=torch.float64), torch.ones(2)
    c64 = torch.ones(2, dtype=torch.complex64)
    out += [str((f32 * 1j).dtype), str((f64 * 1j).dtype),
            str((torch.ones(2, dtype=torch.int32) * 1j).dtype),
            str((f64 + torch.tensor(1j)).dtype),
            str((c64 + torch.tensor(1.0, dtype=torch.float64)).dtype),
            str((c64 + f64).dtype), str(torch.result_type(f64, 1j)),
            str((c64 * 2.5).dtype), str((c64 + 1).dtype)]
    return out


def _default_double(torch):
    torch.set_default_dtype(torch.float64)
    try:
        return [repr(torch.tensor(1 + 2j)), repr(torch.tensor([1 + 2j], dtype=torch.complex64)),
                repr(torch.tensor([1.5j])), str((torch.ones(1, dtype=torch.float32) * 1j).dtype)]
    finally:
        torch.set_default_dtype(torch.float32)


def _dtype_facts(torch):
    c64, c128 = torch.complex64, torch.complex128
    return [c64.is_complex, c64.is_floating_point, str(c64.to_real()), str(c128.to_real()),
            str(torch.float32.to_complex()), str(torch.float64.to_complex()),
            str(c64.to_complex()), c64.itemsize, c128.itemsize, str(torch.cfloat),
            str(torch.cdouble), torch.ones(1, dtype=c64).is_complex(),
            torch.ones(1).is_complex(), torch.ones(1, dtype=c64).is_floating_point(),
            torch.ones(2, dtype=c64).element_size()]


def _conversions(torch):
    import numpy as np
    t = torch.tensor([1 + 2j, -0.5j])
    z = torch.tensor(3 - 4j, dtype=torch.complex128)
    a = t.numpy()
    back = torch.from_numpy(np.array([1j, 2], dtype=np.complex128))
    return [repr(z.item()), t.tolist(), str(a.dtype), a.tolist(), repr(back),
            complex(z), float(torch.tensor(1 + 0j)), int(torch.tensor(3 + 0j)),
            bool(torch.tensor(1j)), repr(torch.tensor(np.complex64(1 + 1j)))]


_REFUSED = {
    "relu": lambda t, c: torch_relu(t, c),
    "lt": lambda t, c: c < c,
    "gt_number": lambda t, c: c > 0,
    "max": lambda t, c: c.max(),
    "min": lambda t, c: c.min(),
    "floor": lambda t, c: t.floor(c),
    "ceil": lambda t, c: c.ceil(),
    "sort": lambda t, c: c.sort(),
    "argmax": lambda t, c: c.argmax(),
    "maximum": lambda t, c: t.maximum(c, c),
    "clamp": lambda t, c: c.clamp(0, 1),
    "sign": lambda t, c: c.sign(),
    "amax": lambda t, c: c.amax(),
    "float": lambda t, c: float(c[0]),
    "int": lambda t, c: int(c[0]),
    "backward_implicit": lambda t, c: c.sum().backward(),
}


def torch_relu(torch, c):
    return torch.relu(c)


def _refused(torch, name):
    c = torch.tensor([1 + 2j, 3 - 1j], requires_grad=name == "backward_implicit")
    return _outcome(lambda: _REFUSED[name](torch, c))


def _real_to_real_cast(torch):
    import warnings
    torch.set_warn_always(True)  # (a once-per-process warning: another case may have had it)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = [repr(torch.tensor([1 + 2j, -3.5 + 1j]).to(torch.float32)),
                  repr(torch.tensor([1 + 2j, -3 + 1j]).to(torch.int64))]
    torch.set_warn_always(False)
    return values + [str(w.message).split(" (Triggered")[0] for w in caught]


CASES = {
    **{f"print_{name}": (lambda torch, name=name: _printed(torch, name)) for name in _PRINTED},
    **{f"shape_{name}": (lambda torch, name=name: _shaped(torch, name)) for name in _SHAPED},
    **{f"refused_{name}": (lambda torch, name=name: _refused(torch, name))
       for name in _REFUSED},
    "to_with_grad": _to_with_grad,
    "to_kinds": _to_kinds,
    "factories": _factories,
    "promotion": _promotion,
    "default_double": _default_double,
    "dtype_facts": _dtype_facts,
    "conversions": _conversions,
    "complex_to_real_cast": _real_to_real_cast,
}


def _jsonable(value):
    """Python complex numbers as ``["complex", real, imag]`` (JSON has none)."""
    if isinstance(value, complex):
        return ["complex", value.real, value.imag]
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def run(torch, name):
    return _jsonable(_outcome(lambda: CASES[name](torch)))
