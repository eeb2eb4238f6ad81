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


_GRADS = {  # name -> (function of z, gradient passed: "real" or "complex")
    "real": (lambda torch, z: z.real, "real"),
    "imag": (lambda torch, z: z.imag, "real"),
    "abs": (lambda torch, z: z.abs(), "real"),
    "angle": (lambda torch, z: z.angle(), "real"),
    "conj": (lambda torch, z: z.conj(), "complex"),
    "conj_physical": (lambda torch, z: torch.conj_physical(z), "complex"),
    "neg": (lambda torch, z: -z, "complex"),
    "mul_number": (lambda torch, z: z * (2 + 1j), "complex"),
    "mul_self": (lambda torch, z: z * z, "complex"),
    "mul_real_tensor": (lambda torch, z: z * torch.tensor([2.0, -1.0, 0.5]), "complex"),
    "div_number": (lambda torch, z: z / (1 + 1j), "complex"),
    "number_div": (lambda torch, z: (1 + 1j) / z, "complex"),
    "div_self": (lambda torch, z: z / (z + 1), "complex"),
    "add": (lambda torch, z: z + 1, "complex"),
    "add_alpha": (lambda torch, z: torch.add(z, z * 1j, alpha=2), "complex"),
    "sub": (lambda torch, z: 2 - z, "complex"),
    "sub_tensor": (lambda torch, z: z - z.conj(), "complex"),
    "reciprocal": (lambda torch, z: z.reciprocal(), "complex"),
    "sum": (lambda torch, z: z.sum(), "scalar"),
    "sum_dim": (lambda torch, z: z.reshape(3, 1).sum(1), "complex"),
    "mean": (lambda torch, z: z.mean(), "scalar"),
    "view_as_real": (lambda torch, z: torch.view_as_real(z), "pairs"),
    "exp": (lambda torch, z: z.exp(), "complex"),
    "log": (lambda torch, z: (z + 1).log(), "complex"),
    "sqrt": (lambda torch, z: z.sqrt(), "complex"),
    "sin": (lambda torch, z: z.sin(), "complex"),
    "cos": (lambda torch, z: torch.cos(z), "complex"),
    "tanh": (lambda torch, z: z.tanh(), "complex"),
    "sigmoid": (lambda torch, z: torch.sigmoid(z), "complex"),
    "pow_2": (lambda torch, z: z ** 2, "complex"),
    "pow_half": (lambda torch, z: (z - 1) ** 0.5, "complex"),
    "pow_minus_2": (lambda torch, z: (z + 1) ** -2, "complex"),
    "pow_1_5": (lambda torch, z: (z - 1) ** 1.5, "complex"),
    "pow_complex": (lambda torch, z: (z + 2) ** (2 - 1j), "complex"),
    "reshape_view": (lambda torch, z: z.view(3, 1).t(), "row"),
}


def _grads(torch, name):
    fn, kind = _GRADS[name]
    z = torch.tensor([1 + 2j, -3 + 0.5j, 0j], requires_grad=True)
    y = fn(torch, z)
    seeds = {"real": torch.tensor([0.5, -2.0, 1.0]),
             # (a real third seed: the zero signs of a product with 0j differ between
             # PyTorch's vectorised kernels and NumPy's)
             "complex": torch.tensor([0.5 + 1j, -2 + 0.25j, 2 + 0j]),
             "scalar": torch.tensor(1 + 1j), "pairs": torch.tensor([[1.0, 2], [3, 4], [5, 6]]),
             "row": torch.tensor([[0.5 + 1j, -2 + 0.25j, 1 - 1j]])}
    y.backward(seeds[kind])
    return [repr(y), y.grad_fn.name(), repr(z.grad)]


def _real_leaf(torch):
    x = torch.tensor([1.0, 2.0, -0.5], requires_grad=True)
    seed = torch.tensor([0.5 + 1j, -2 + 0.25j, 1 - 1j])
    out = []
    for fn in (lambda x: x * (1 + 1j), lambda x: torch.complex(x, x * 2),
               lambda x: x.to(torch.complex128) / (2 - 1j), lambda x: (x + 1j) * x):
        x.grad = None
        y = fn(x)
        y.backward(seed.to(y.dtype))
        out += [repr(y), y.grad_fn.name(), repr(x.grad)]
    return out


def _double_backward(torch):
    out = []
    # (not tanh / sigmoid: PyTorch's second-order node is TanhBackwardBackward0, hookgrad's
    # complex form records its formula's ops: same values, other node names)
    for fn in (lambda w: w.exp(), lambda w: w.sin(), lambda w: w ** 3,
               lambda w: w.sqrt(), lambda w: w * w.conj()):
        w = torch.tensor([1 + 2j, -3 + 0.5j], requires_grad=True)
        (g,) = torch.autograd.grad(fn(w).sum(), w, torch.tensor(1 + 0.5j), create_graph=True)
        (g2,) = torch.autograd.grad(g.sum(), w, torch.tensor(2 - 1j))
        out += [repr(g), repr(g2)]
    x = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
    y = x ** (1 + 1j)
    y.backward(torch.tensor([0.5 + 1j, -2 + 0.25j, 1j]))
    return out + [repr(y), repr(x.grad)]


def _products(torch):
    w = torch.tensor([[1 + 2j, -1j], [0.5, 2 - 1j]], requires_grad=True)
    v = torch.tensor([1j, 2 + 0j], requires_grad=True)
    out = []
    for fn in (lambda: w.mm(w.conj().t()), lambda: w.mv(v), lambda: v.dot(v * 2), lambda: v @ w,
               lambda: w @ w):
        w.grad = v.grad = None
        y = fn()
        y.backward(torch.ones_like(y) * (1 - 0.5j))
        out += [repr(y), repr(w.grad), repr(v.grad)]
    real = torch.ones(2, 2)
    for fn in (lambda: real.mm(w), lambda: real[0].dot(v), lambda: w.mv(real[0])):
        out.append(_outcome(lambda fn=fn: repr(fn())))
    return out


def _advanced_index(torch):
    w = torch.tensor([1 + 2j, -3 + 0.5j, 1j], requires_grad=True)
    out = []
    for key, seed in ((torch.tensor([0, 0, 2]), [1 + 1j, 2, -1j]),
                      (torch.tensor([True, False, True]), [1 + 1j, 2]), ([1, 2], [1j, 1])):
        w.grad = None
        y = w[key]
        y.backward(torch.tensor(seed))
        out += [repr(y), repr(w.grad)]
    return out


def _module_to(torch):
    import warnings
    m = torch.nn.Linear(2, 1)
    with torch.no_grad():
        m.weight.copy_(torch.tensor([[0.5, -1.0]]))
        m.bias.fill_(0.25)
    torch.set_warn_always(True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = [repr(m.to(torch.complex64).weight), str(m.bias.dtype),
               repr(m.to(torch.float64).weight), repr(m.to(torch.cdouble).bias)]
    torch.set_warn_always(False)
    return out + [str(w.message).split(" (Triggered")[0] for w in caught]


def _view_as_complex(torch):
    x = torch.ones(3, 2, requires_grad=True)
    c = torch.view_as_complex(x)
    c.backward(torch.tensor([1 + 2j, 3j, 1]))
    out = [repr(c), c.grad_fn.name(), repr(x.grad)]
    for bad in (torch.ones(3), torch.ones(2, 2).t(), torch.ones(2, 2, dtype=torch.int64)):
        out.append(_outcome(lambda bad=bad: repr(torch.view_as_complex(bad))))
    out.append(_outcome(lambda: torch.view_as_real(torch.ones(2))))
    real = torch.view_as_real(torch.tensor([[1 + 2j, 3 - 4j]]))
    return out + [repr(real), list(real.shape), list(real.stride())]


def _complex_function(torch):
    out = [repr(torch.complex(torch.tensor([1.0, 2.0]), torch.tensor([0.5, -1.0]))),
           repr(torch.complex(torch.tensor(1.0, dtype=torch.float64),
                              torch.tensor(2.0, dtype=torch.float64)))]
    for a, b in ((torch.ones(2), torch.ones(2, dtype=torch.float64)),
                 (torch.ones(2, dtype=torch.int64), torch.ones(2, dtype=torch.int64)),
                 (torch.ones(2), torch.ones(3))):
        out.append(_outcome(lambda a=a, b=b: repr(torch.complex(a, b))))
    return out


def _real_imag_views(torch):
    z = torch.tensor([1 + 2j, -0.5 - 1j])
    r, i = z.real, z.imag
    r.mul_(3)
    i.add_(1)
    plain = torch.tensor([1.5, 2.0])
    return [repr(z), repr(r), r._is_view(), list(r.stride()), r.is_contiguous(),
            repr(plain.real), repr(plain.conj()), _outcome(lambda: plain.imag),
            torch.is_complex(z), torch.is_complex(plain), repr(torch.real(z)),
            repr(torch.imag(z))]


def _write(target, fn):
    fn(target)
    return target


_WRITES = {  # name -> function of torch; each returns what it wrote or made
    "add_real_into_complex": lambda t: _write(t.tensor([1 + 2j, 3 - 1j]),
                                               lambda z: z.add_(t.tensor([1.0, 2.0]))),
    "add_complex_into_real": lambda t: t.tensor([1.0, 2.0]).add_(t.tensor([1j, 2])),
    "mul_real_by_complex_number": lambda t: t.tensor([1.0, 2.0]).mul_(1j),
    "abs_in_place": lambda t: t.tensor([1 + 2j]).abs_(),
    "copy_real_into_complex": lambda t: t.zeros(2, dtype=t.complex64).copy_(t.tensor([1.0, 2])),
    "fill_complex": lambda t: t.zeros(2, dtype=t.complex128).fill_(1 - 1j),
    "fill_real_with_complex": lambda t: t.zeros(2).fill_(1j),
    "fill_long_with_complex": lambda t: t.zeros(2, dtype=t.int64).fill_(1j),
    "zero_": lambda t: t.tensor([1 + 2j]).zero_(),
    "setitem_number": lambda t: _write(t.tensor([1 + 2j, 3j]),
                                        lambda z: z.__setitem__(0, 5)),
    "setitem_complex_into_real": lambda t: _write(t.zeros(2),
                                                   lambda r: r.__setitem__(0, 1j)),
    "setitem_tensor": lambda t: _write(t.zeros(3, dtype=t.complex64),
                                        lambda z: z.__setitem__(slice(1, None),
                                                                t.tensor([1j, 2]))),
    "where": lambda t: t.where(t.tensor([True, False]), t.tensor([1j, 2j]), 0),
    "cat_mixed": lambda t: t.cat([t.tensor([1.0]), t.tensor([2j])]),
    "stack": lambda t: t.stack([t.tensor([1j]), t.tensor([2.0 + 0j])]),
    "eq_number": lambda t: t.tensor([1 + 2j, 1j]) == (1 + 2j),
    "ne_tensor": lambda t: t.tensor([1 + 2j, 1j]) != t.tensor([1 + 2j, 2j]),
    "isnan": lambda t: t.tensor([complex(0, math.nan), 1]).isnan(),
    "new_tensor_complex_into_real": lambda t: t.ones(1).new_tensor([1j]),
    "tensor_complex_as_long": lambda t: t.tensor([1j], dtype=t.int64),
    "arange_complex": lambda t: t.arange(3, dtype=t.complex64),
    "cfloat": lambda t: t.tensor([1.5, -2]).cfloat(),
    "cdouble": lambda t: t.tensor([1, -2]).cdouble(),
    "unique": lambda t: t.tensor([1j, 1j]).unique(),
    "isposinf": lambda t: t.tensor([1j]).isposinf(),
    "nanmean": lambda t: t.tensor([1j]).nanmean(),
    "to_bool": lambda t: t.tensor([1j, 0, 2]).to(t.bool),
    "full_real_with_complex": lambda t: t.full((2,), 1j, dtype=t.float32),
    "full_like_real_with_complex": lambda t: t.full_like(t.ones(2, dtype=t.float64), 1j),
    "new_full_complex": lambda t: t.ones(2, dtype=t.complex128).new_full((2,), 1 - 1j),
    "legacy_constructor": lambda t: t.Tensor([1j]),
    "flip_roll": lambda t: [t.tensor([1j, 2]).flip(0), t.tensor([1j, 2, 3]).roll(1)],
    "sum_real_dtype": lambda t: t.tensor([1 + 2j, 3 - 1j]).sum(dtype=t.float64),
    "sum_complex_dtype": lambda t: t.tensor([1 + 2j, 3 - 1j]).sum(0, dtype=t.complex128),
    "mean_complex_dtype": lambda t: t.tensor([1 + 2j, 3 - 1j]).mean(dtype=t.complex128),
}


def _writes(torch, name):
    return repr(_WRITES[name](torch))


def _seed_mismatch(torch):
    z = torch.tensor([1j], requires_grad=True)
    r = torch.tensor([1.0], requires_grad=True)
    return [_outcome(lambda: (z * 1).backward(torch.tensor([1.0]))),
            _outcome(lambda: (r * 1).backward(torch.tensor([1j])))]


def _copy_grads(torch):
    z = torch.tensor([1j, 2.0], requires_grad=True)
    x = torch.tensor([3.0, 4.0], requires_grad=True)
    y = z.clone().copy_(x)
    y.backward(torch.tensor([1 + 1j, 2 - 1j]))
    return [repr(y), repr(z.grad), repr(x.grad)]


CASES = {
    **{f"write_{name}": (lambda torch, name=name: _writes(torch, name)) for name in _WRITES},
    "seed_mismatch": _seed_mismatch,
    "copy_grads": _copy_grads,
    **{f"print_{name}": (lambda torch, name=name: _printed(torch, name)) for name in _PRINTED},
    **{f"shape_{name}": (lambda torch, name=name: _shaped(torch, name)) for name in _SHAPED},
    **{f"refused_{name}": (lambda torch, name=name: _refused(torch, name))
       for name in _REFUSED},
    **{f"grads_{name}": (lambda torch, name=name: _grads(torch, name)) for name in _GRADS},
    "real_leaf": _real_leaf,
    "double_backward": _double_backward,
    "products": _products,
    "module_to": _module_to,
    "advanced_index": _advanced_index,
    "view_as_complex": _view_as_complex,
    "complex_function": _complex_function,
    "real_imag_views": _real_imag_views,
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
