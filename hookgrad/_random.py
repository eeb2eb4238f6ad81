"""Random numbers: one process-wide NumPy generator, seeded by ``manual_seed``.

The streams differ from PyTorch's (its Mersenne-Twister/Philox kernels are not reproduced);
seeding makes hookgrad's own runs reproducible."""
import ast

import numpy as np

from . import _dtype
from ._ops.inplace import _check_leaf, _write
from ._tensor_base import _make
from .autograd.grad_mode import state as _grad_state


class Generator:
    """A random-number generator; ``manual_seed`` restarts its stream."""

    def __init__(self, device="cpu"):
        self._seed = 67280421310721
        self._rng = np.random.default_rng(self._seed)

    def manual_seed(self, seed):
        self._seed = int(seed)
        self._rng = np.random.default_rng(self._seed)
        return self

    def initial_seed(self):
        return self._seed

    def seed(self):
        return self.manual_seed(np.random.SeedSequence().entropy % 2 ** 63).initial_seed()

    def get_state(self):
        return _make(np.frombuffer(repr(self._rng.bit_generator.state).encode(), np.uint8).copy())

    def set_state(self, state):
        self._rng.bit_generator.state = ast.literal_eval(bytes(state._data).decode())


default_generator = Generator()


def manual_seed(seed):
    return default_generator.manual_seed(seed)


def initial_seed():
    return default_generator.initial_seed()


def seed():
    return default_generator.seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


def rng(generator=None):
    return (generator or default_generator)._rng


def _float(dtype):
    return (dtype or _dtype.get_default_dtype()).np_dtype


def rand(shape, generator=None, dtype=None):
    return rng(generator).random(shape, dtype=np.float64).astype(_float(dtype))


def randn(shape, generator=None, dtype=None):
    return rng(generator).standard_normal(shape).astype(_float(dtype))


def randint(low, high, shape, generator=None, dtype=None):
    return rng(generator).integers(low, high, shape).astype((dtype or _dtype.int64).np_dtype)


def randperm(n, generator=None, dtype=None):
    return rng(generator).permutation(n).astype((dtype or _dtype.int64).np_dtype)


def _fill(t, values):
    """Write random values into a tensor in place (initialisers run under no_grad)."""
    if _grad_state.grad_enabled:
        _check_leaf(t)  # same rule as every in-place op on a leaf that requires grad
    _write(t, np.asarray(values, dtype=t._data.dtype))
    return t


def uniform_(input, from_=0.0, to=1.0, *, generator=None):
    return _fill(input, rng(generator).uniform(from_, to, input._data.shape))


def normal_(input, mean=0.0, std=1.0, *, generator=None):
    return _fill(input, rng(generator).normal(mean, std, input._data.shape))


def bernoulli_(input, p=0.5, *, generator=None):
    return _fill(input, rng(generator).random(input._data.shape) < p)


def random_(input, from_=0, to=None, *, generator=None):
    """``random_(to)`` or ``random_(from_, to)``: integers in [from_, to); without bounds,
    [0, 2**24) (the float32 mantissa, as PyTorch's default for floats)."""
    if to is None:
        from_, to = 0, from_ if from_ else 2 ** 24
    return _fill(input, rng(generator).integers(from_, to, input._data.shape))
