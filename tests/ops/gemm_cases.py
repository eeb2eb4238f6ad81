"""Matrix products whose bits tests/ops/test_gemm.py compares with PyTorch's (recorded by
tools/record/gemm.py into tests/recorded/gemm.json): mm, matmul in all its dispatch forms,
F.linear with and without a bias, addmm, bmm (PyTorch's small loop, MKL's batched GEMM,
expanded and strided batches), mv and dot, float32 and float64, forward and gradients, at 1
and 2 threads; operands contiguous, transposed, strided and offset; shapes with one row or column,
10 wide, odd, a depth of 1, empty, and 512 x 512 x 512.

A result is kept as the SHA-256 of its bytes (the arrays are large), with its shape."""
import hashlib

import numpy as np

THREADS = (1, 2)
DTYPES = ("float32", "float64")
LAYOUTS = ("contiguous", "transposed", "strided", "offset")

# (name, shape of the first operand, shape of the second)
MATMUL_SHAPES = [
    ("dot", (33,), (33,)),
    ("mv", (10, 33), (33,)),
    ("vm", (33,), (33, 10)),
    ("mm", (17, 31), (31, 23)),
    ("mm-row", (1, 64), (64, 40)),
    ("mm-column", (40, 64), (64, 1)),
    ("mm-dot", (1, 512), (512, 1)),
    ("mm-ten-wide", (64, 33), (33, 10)),
    ("mm-depth-one", (40, 1), (1, 30)),
    ("mm-empty", (0, 5), (5, 3)),
    ("folded-3d-2d", (4, 30, 40), (40, 20)),
    ("folded-3d-1d", (2, 50, 60), (60,)),
    ("2d-3d", (30, 40), (3, 40, 20)),
    ("1d-3d", (40,), (3, 40, 20)),
    ("batched", (3, 64, 64), (3, 64, 64)),
    ("batched-small", (4, 5, 7), (4, 7, 9)),
    ("batched-broadcast", (2, 1, 30, 40), (5, 40, 20)),
    ("batched-depth-one", (2, 64, 1), (2, 1, 64)),
]
LARGE = ("mm-large", (512, 512), (512, 512))
LINEAR = [((64, 300), 40), ((256, 784), 10), ((1, 33), 7), ((128, 512), 512)]


def digest(array):
    """``[shape, sha256]`` of an array's bytes in C order."""
    array = np.ascontiguousarray(array)
    return [list(array.shape), hashlib.sha256(array.tobytes()).hexdigest()]


def _operand(lib, array, layout):
    """``array`` as a tensor of ``lib`` laid out contiguous, transposed (the transpose of a
    contiguous array), strided (every second column of a wider array) or offset (a
    contiguous view starting 3 elements into its storage: MKL's kernels round by the
    operands' alignment, small products too)."""
    if layout == "offset" and array.size:
        flat = np.concatenate([np.zeros(3, array.dtype), array.reshape(-1)])
        return lib.tensor(flat)[3:].view(array.shape)
    if array.ndim < 2 or layout == "contiguous" or 0 in array.shape:
        return lib.tensor(array)
    if layout == "transposed":
        # (a copy: NumPy's swapped view of a matrix with one row or column counts as
        # contiguous and keeps its strides, which torch.tensor keeps too)
        return lib.tensor(np.swapaxes(array, -1, -2).copy()).transpose(-1, -2)
    wide = np.repeat(array, 2, axis=-1)
    return lib.tensor(wide)[..., ::2]


def operands(name, shape_a, shape_b, dtype, out_shape=None):
    """The operands and the output gradient of one case, from a seed of its name."""
    rng = np.random.default_rng(int(hashlib.sha256(name.encode()).hexdigest()[:8], 16))
    a = rng.standard_normal(shape_a).astype(dtype)
    b = rng.standard_normal(shape_b).astype(dtype)
    if out_shape is None:
        out_shape = np.matmul(np.zeros(shape_a), np.zeros(shape_b)).shape
    grad = rng.standard_normal(out_shape).astype(dtype)
    return a, b, grad


def _matmul_case(lib, name, shape_a, shape_b, dtype, layout):
    a, b, grad = operands(name, shape_a, shape_b, dtype)
    x = _operand(lib, a, layout).requires_grad_()
    y = _operand(lib, b, layout).requires_grad_()
    out = lib.matmul(x, y)
    out.backward(lib.tensor(grad))
    return [out.detach().numpy(), x.grad.numpy(), y.grad.numpy()]


def _bmm_case(lib, dtype, layout, expanded):
    """bmm itself (matmul's 3-d products fold or expand first): large and small."""
    results = []
    for name, shape in (("bmm", (3, 33, 40, 20)), ("bmm-small", (5, 3, 4, 5))):
        batch, rows, depth, cols = shape
        a, b, grad = operands(name, (rows, depth) if expanded else (batch, rows, depth),
                              (batch, depth, cols), dtype)
        x = _operand(lib, a, layout)
        if expanded:  # (an expanded operand: batch stride 0, as matmul's broadcasting makes)
            x = x.unsqueeze(0).expand(batch, rows, depth)
        x.requires_grad_()
        y = _operand(lib, b, layout).requires_grad_()
        out = lib.bmm(x, y)
        out.backward(lib.tensor(grad))
        results += [out.detach().numpy(), x.grad.numpy(), y.grad.numpy()]
    return results


def _linear_case(lib, shape, features, dtype, bias):
    name = f"linear{shape}{features}{bias}"
    a, w, grad = operands(name, shape, (features, shape[1]), dtype, (shape[0], features))
    x = lib.tensor(a, requires_grad=True)
    weight = lib.tensor(w, requires_grad=True)
    b = lib.tensor(np.linspace(-1, 1, features).astype(dtype), requires_grad=True)
    out = lib.nn.functional.linear(x, weight, b if bias else None)
    out.backward(lib.tensor(grad))
    results = [out.detach().numpy(), x.grad.numpy(), weight.grad.numpy()]
    return results + ([b.grad.numpy()] if bias else [])


def _addmm_case(lib, dtype):
    a, b, grad = operands("addmm", (40, 33), (33, 20), dtype)
    bias = np.linspace(-2, 2, 20).astype(dtype)
    full = np.outer(np.arange(40), np.ones(20)).astype(dtype) / 7
    return [lib.addmm(lib.tensor(bias), lib.tensor(a), lib.tensor(b)).numpy(),
            lib.addmm(lib.tensor(full), lib.tensor(a), lib.tensor(b)).numpy()]


def case_names():
    names = []
    for dtype in DTYPES:
        for layout in LAYOUTS:
            names += [f"{n}/{dtype}/{layout}" for n, _, _ in MATMUL_SHAPES]
            names += [f"bmm/{dtype}/{layout}", f"bmm-expanded/{dtype}/{layout}"]
        names += [f"{LARGE[0]}/{dtype}/contiguous", f"addmm/{dtype}"]
        names += [f"linear{s}x{f}/{dtype}/{b}" for s, f in LINEAR for b in ("bias", "nobias")]
    return names


def run_case(lib, key):
    """The results of one case (a list of arrays) with ``lib`` (torch or hookgrad)."""
    parts = key.split("/")
    name, dtype = parts[0], parts[1]
    shapes = {n: (a, b) for n, a, b in MATMUL_SHAPES + [LARGE]}
    if name in shapes:
        return _matmul_case(lib, name, *shapes[name], dtype, parts[2])
    if name in ("bmm", "bmm-expanded"):
        return _bmm_case(lib, dtype, parts[2], name == "bmm-expanded")
    if name == "addmm":
        return _addmm_case(lib, dtype)
    for shape, features in LINEAR:
        if name == f"linear{shape}x{features}":
            return _linear_case(lib, shape, features, dtype, parts[2] == "bias")
    raise KeyError(key)


def cases(lib, set_threads):
    """``{"THREADS/case": [digest, ...]}`` over all cases and thread counts."""
    recorded = {}
    for threads in THREADS:
        set_threads(threads)
        for key in case_names():
            recorded[f"{threads}/{key}"] = [digest(r) for r in run_case(lib, key)]
    return recorded
