"""gradcheck / gradgradcheck: compare autograd with central finite differences (float64)."""
import warnings

import numpy as np

from .._tensor_base import TensorBase, _make
from ._backward import grad

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError"]


class GradcheckError(RuntimeError):
    pass


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    return tuple(x) if isinstance(x, list) else (x,)


def _differentiable(inputs):
    return [i for i, t in enumerate(inputs) if isinstance(t, TensorBase) and t.requires_grad]


def _outputs(func, inputs):
    return [o for o in _as_tuple(func(*inputs)) if isinstance(o, TensorBase)]


def _numerical_jacobian(func, inputs, index, out_index, eps):
    # Grad mode stays on: for gradgradcheck, ``func`` itself differentiates.
    x = inputs[index]._data
    columns = []
    for k in range(x.size):
        flat = x.reshape(-1)
        orig = flat[k]
        flat[k] = orig + eps
        plus = _outputs(func, inputs)[out_index]._data.astype(np.float64).copy()
        flat[k] = orig - eps
        minus = _outputs(func, inputs)[out_index]._data.astype(np.float64).copy()
        flat[k] = orig
        columns.append(((plus - minus) / (2 * eps)).reshape(-1))
    return np.stack(columns, axis=1) if columns else np.zeros((0, 0))


def _analytical_jacobian(func, inputs, index, out_index):
    out = _outputs(func, inputs)[out_index]
    rows = []
    for k in range(out._data.size):
        seed = np.zeros(out._data.shape, out._data.dtype)
        seed.reshape(-1)[k] = 1
        (g,) = grad(out, inputs[index], _make(seed), retain_graph=True, allow_unused=True)
        rows.append(np.zeros(inputs[index]._data.size) if g is None
                    else g._data.astype(np.float64).reshape(-1))
    return np.stack(rows, axis=0) if rows else np.zeros((0, 0))


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True,
              nondet_tol=0.0, check_undefined_grad=True, fast_mode=False, **_ignored):
    """True when analytical and numerical Jacobians agree for every differentiable input."""
    inputs = _as_tuple(inputs)
    for i in _differentiable(inputs):
        if inputs[i]._data.dtype != np.float64:
            warnings.warn(f"Input #{i} requires gradient and is not a double precision floating "
                          "point. This check will likely fail if all the inputs are not of "
                          "double precision floating point. ", stacklevel=1)
    for out_index, out in enumerate(_outputs(func, inputs)):
        if not out.requires_grad:
            continue
        for i in _differentiable(inputs):
            numerical = _numerical_jacobian(func, inputs, i, out_index, eps)
            analytical = _analytical_jacobian(func, inputs, i, out_index)
            if not np.allclose(analytical, numerical, rtol=rtol, atol=atol):
                if raise_exception:
                    raise GradcheckError(
                        f"Jacobian mismatch for output {out_index} with respect to input {i},\n"
                        f"numerical:{numerical}\nanalytical:{analytical}\n")
                return False
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, **_ignored):
    """gradcheck applied to the first derivative (vector-Jacobian product) of ``func``."""
    inputs = _as_tuple(inputs)
    diff = _differentiable(inputs)
    outs = _outputs(func, inputs)
    if grad_outputs is None:
        rng = np.random.default_rng(0)
        grad_outputs = tuple(_make(rng.standard_normal(o._data.shape)).requires_grad_()
                             for o in outs if o.requires_grad)
    grad_outputs = _as_tuple(grad_outputs)
    n = len(inputs)

    def first_derivative(*args):
        ins, gos = args[:n], args[n:]
        outputs = [o for o in _outputs(func, ins) if o.requires_grad]
        grads = grad(outputs, [ins[i] for i in diff], gos, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(first_derivative, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception)
