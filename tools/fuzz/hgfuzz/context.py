"""What an op generator sees while a program is built: the tensors made so far (with their
facts, read from PyTorch running the program step by step), and helpers that pick one, make a
new one from explicit data, or choose dims, shapes and partner operands."""
import math

import numpy as np

from .interpreter import FAILED, Interpreter

FLOATS = ("float32", "float64")
INTS = ("int64",)
KIND_DTYPES = {"float": FLOATS, "any": ("float32", "float64", "int64", "bool"),
               "int": INTS, "bool": ("bool",), "intbool": ("int64", "bool"),
               "f32": ("float32",)}


class Meta:
    """One tensor of the program: ``ref`` to use it in a step, its PyTorch value and facts."""

    __slots__ = ("ref", "value", "shape", "dtype", "rg", "leaf", "fn", "order")

    def __init__(self, ref, value, order):
        self.ref, self.value, self.order = ref, value, order
        self.shape = tuple(value.shape)
        self.dtype = str(value.dtype)[6:]
        self.rg = bool(value.requires_grad)
        self.leaf = bool(value.is_leaf)
        self.fn = value.grad_fn is not None

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def numel(self):
        return math.prod(self.shape)

    @property
    def is_float(self):
        return self.dtype in FLOATS


def product(shape):
    return math.prod(shape)


class Context:
    def __init__(self, rng, torch):
        self.rng = rng
        self.torch = torch
        self.steps = []
        self.interp = Interpreter(torch)
        self.forced = None  # the tensor the next tensor() call returns (in-place targets)

    # -------------------------------------------------------------- steps
    def emit(self, step):
        """Append ``step`` and run it under PyTorch; its record."""
        self.steps.append(step)
        self.interp.execute(step)
        return self.interp.records[-1]

    def drop_last(self):
        self.steps.pop()
        self.interp.env.pop()
        self.interp.records.pop()

    def pool(self):
        metas = []
        for index, value in enumerate(self.interp.env):
            if value is FAILED:
                continue
            if isinstance(value, self.torch.Tensor):
                metas.append(({"$": index}, value, index))
            elif isinstance(value, (tuple, list)):
                for j, item in enumerate(value[:6]):
                    if isinstance(item, self.torch.Tensor):
                        metas.append(({"$": index, "i": j}, item, index))
        out = []
        for ref, value, order in metas:
            try:
                out.append(Meta(ref, value, order))
            except RuntimeError:  # PyTorch refuses to say (a no-grad view written to)
                pass
        return out

    # -------------------------------------------------------------- random choices
    def chance(self, p):
        return self.rng.random() < p

    def choice(self, options, p=None):
        return options[self.rng.choice(len(options), p=p)]

    def integer(self, low, high):
        """An int in [low, high]."""
        return int(self.rng.integers(low, high + 1))

    # -------------------------------------------------------------- data
    def data(self, shape, dtype, domain=None):
        rng, n = self.rng, product(shape)
        if dtype == "bool":
            return (rng.random(n) < 0.5).tolist()
        if dtype in ("int64", "int32", "int16", "int8", "uint8"):
            low, high = {"index": (0, 3), "pos": (1, 5), "label": (0, 2)}.get(domain, (-3, 5))
            return rng.integers(low, high + 1, n).tolist()
        if domain == "distinct":
            return ((rng.permutation(n) - n // 2) * 0.5 + rng.choice([0.0, 0.25])).tolist()
        if domain == "pos":
            values = rng.integers(1, 13, n) / 4
        elif domain == "unit":
            values = rng.integers(-7, 8, n) / 8
        elif domain == "prob":
            values = rng.integers(1, 10, n) / 10
        elif rng.random() < 0.7:
            values = rng.integers(-8, 9, n) / 4
        else:
            values = np.round(rng.normal(0, 1.5, n), 3)
        values = values.tolist()
        if domain is None and n and rng.random() < 0.05:  # NaN, infinities, zeros
            for _ in range(self.integer(1, 2)):
                values[self.integer(0, n - 1)] = self.choice(
                    [float("nan"), float("inf"), float("-inf"), 0.0, -0.0])
        return values

    def shape(self, ndim=None, max_numel=36, allow_empty=True):
        if ndim is None:
            ndim = self.choice([0, 1, 2, 3, 4], p=[0.1, 0.3, 0.35, 0.17, 0.08])
        sizes = [0, 1, 2, 3, 4, 5] if allow_empty else [1, 2, 3, 4, 5]
        weights = [0.03, 0.2, 0.3, 0.27, 0.12, 0.08] if allow_empty else [0.2, 0.32, 0.28,
                                                                          0.12, 0.08]
        shape = [self.choice(sizes, p=weights) for _ in range(ndim)]
        while product(shape) > max_numel:
            biggest = int(np.argmax(shape))
            shape[biggest] = max(1, shape[biggest] // 2)
        return tuple(shape)

    def new(self, shape, dtype="float32", rg=None, domain=None):
        """A new tensor from explicit data; requires grad by chance when it may."""
        if rg is None:
            rg = dtype in FLOATS and self.chance(0.6)
        step = {"k": "tensor", "s": list(shape), "T": dtype,
                "v": self.data(shape, dtype, domain), "rg": bool(rg and dtype in FLOATS)}
        self.emit(step)
        return Meta({"$": len(self.steps) - 1}, self.interp.env[-1], len(self.steps) - 1)

    # -------------------------------------------------------------- picking tensors
    def pick(self, predicate=None):
        """A tensor of the program satisfying ``predicate``, recent ones likelier."""
        candidates = [m for m in self.pool() if predicate is None or predicate(m)]
        if not candidates:
            return None
        last = max(m.order for m in candidates)
        weights = np.array([1.0 + 3.0 * (m.order == last) + m.order / (last + 1)
                            for m in candidates])
        return candidates[self.rng.choice(len(candidates), p=weights / weights.sum())]

    def tensor(self, kind="float", ndim=None, domain=None, p_new=0.3, min_numel=0,
               max_ndim=None, min_ndim=0, shape=None):
        """A tensor of ``kind`` (KIND_DTYPES key): an existing one that fits, or a new one."""
        dtypes = KIND_DTYPES[kind]

        def fits(m):
            if m.dtype not in dtypes or m.numel < min_numel:
                return False
            if shape is not None:
                return m.shape == tuple(shape)
            if ndim is not None and m.ndim != ndim:
                return False
            return m.ndim >= min_ndim and (max_ndim is None or m.ndim <= max_ndim)

        if self.forced is not None:
            forced, self.forced = self.forced, None
            if fits(forced):
                return forced
        if not self.chance(p_new):
            found = self.pick(fits)
            if found is not None:
                return found
        if shape is None:
            if ndim is None:
                ndim = self.integer(min_ndim, max(min_ndim, min(4, max_ndim or 4)))
                ndim = max(ndim, min_ndim)
            shape = self.shape(ndim, allow_empty=min_numel == 0)
            if product(shape) < min_numel:
                shape = tuple(max(s, 1) for s in shape)
        dtype = dtypes[0] if self.chance(0.7) else self.choice(list(dtypes))
        return self.new(shape, dtype, domain=domain)

    def distinct(self, meta):
        """Whether a tensor's values are all different (sort/topk/median indices are
        unspecified between ties)."""
        values = meta.value.detach().reshape(-1)
        return values.numel() == values.unique().numel() and not bool(values.isnan().any())

    # -------------------------------------------------------------- dims and partners
    def dim(self, meta, negative=True):
        if meta.ndim == 0:
            return self.choice([0, -1])
        d = self.integer(0, meta.ndim - 1)
        return d - meta.ndim if negative and self.chance(0.3) else d

    def dims(self, meta):
        count = self.integer(1, meta.ndim) if meta.ndim else 1
        chosen = sorted(self.rng.choice(max(meta.ndim, 1), count, replace=False).tolist())
        return {"tuple": chosen}

    def number(self, dtype="float32"):
        if dtype == "bool" and self.chance(0.5):
            return bool(self.chance(0.5))
        if dtype in INTS or self.chance(0.3):
            return self.choice([-2, -1, 0, 1, 2, 3])
        return self.choice([0.5, -1.5, 2.0, 0.25, -0.75, 1.0, 3.0])

    def broadcast_shape(self, shape):
        """A shape that broadcasts with ``shape``."""
        shape, roll = list(shape), self.rng.random()
        if roll < 0.4:
            return tuple(shape)
        if roll < 0.6 and shape:
            return tuple(shape[self.integer(1, len(shape)):])
        if roll < 0.8:
            return tuple(1 if self.chance(0.5) else s for s in shape)
        if roll < 0.88:
            return ()
        return (self.choice([1, 2]),) + tuple(1 if self.chance(0.3) else s for s in shape)

    def partner(self, meta, kind=None, numbers=0.25, domain=None):
        """A second operand for ``meta``: a number, or a tensor of a broadcastable shape."""
        if self.chance(numbers):
            return self.number(meta.dtype)
        target = self.broadcast_shape(meta.shape)
        found = self.pick(lambda m: m.shape == target and m.ref != meta.ref and (
            kind is None or m.dtype in KIND_DTYPES[kind]))
        if found is not None and self.chance(0.5):
            return found.ref
        dtype = meta.dtype if kind is None else self.choice(list(KIND_DTYPES[kind]))
        if kind is None and self.chance(0.2):
            dtype = self.choice(["float32", "float64", "int64", "bool"])
        return self.new(target, dtype, domain=domain).ref

    def index_shape(self, meta, index_arg):
        """The shape of ``meta[index]`` (None when PyTorch refuses the index)."""
        try:
            index = self.interp.arg(index_arg)
            return tuple(meta.value.detach()[index].shape)
        except Exception:
            return None
