"""sum / mean cases whose float32 / float64 results PyTorch's CPU kernel pins to the last bit
by its summation order (hookgrad/_ops/sum_order.py; tests/ops/test_sum_order_recorded.py
compares them bit for bit with tools/record/sum_order.py's recording): inner, outer and
full reductions of random values of varied magnitude (n from 1 to a few thousand, past the
cascade's 16-row steps and PyTorch's 32768-element grain), permuted and sliced layouts,
non-adjacent dims, dtype= casts, mean, nansum / nanmean (the same kernel, NaN read as 0),
the un-broadcasting sum of a gradient, and -0.0.

``THREADS``: PyTorch's default thread count where recorded; a full sum over the grain is
split between threads, so the test runs hookgrad with the same count."""
import numpy as np

THREADS = 2
SIZES = (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 257,
         1000, 4095, 4096, 4097, 5000)


def _values(rng, shape, dtype):
    values = rng.standard_normal(shape) * np.exp(rng.standard_normal(shape) * 2)
    return values.astype(dtype)


def _layouts(torch, rng, dtype):
    """(name, tensor, dims, keepdim) of every case, inputs drawn in a fixed order."""
    for n in SIZES:
        yield f"rows of {n}", torch.from_numpy(_values(rng, (3, n), dtype)), (1,), False
        yield f"full {n}", torch.from_numpy(_values(rng, (n,), dtype)), (0,), False
        for columns in (3, 5, 37):
            yield (f"{n} rows x {columns} down", torch.from_numpy(
                _values(rng, (n, columns), dtype)), (0,), False)
    for n in (40000, 70001):  # (over the grain: split between threads)
        yield f"full {n}", torch.from_numpy(_values(rng, (n,), dtype)), (0,), False
    yield "full 300x200", torch.from_numpy(_values(rng, (300, 200), dtype)), (0, 1), False
    yield "(9000, 40) down", torch.from_numpy(_values(rng, (9000, 40), dtype)), (0,), False
    yield "(3, 9000, 36) middle", torch.from_numpy(_values(rng, (3, 9000, 36), dtype)), (1,), True
    cube = torch.from_numpy(_values(rng, (7, 20, 33), dtype))
    yield "cube last two", cube, (1, 2), False
    yield "cube first two", cube, (0, 1), False
    yield "cube ends", cube, (0, 2), True
    yield "cube permuted", cube.permute(2, 0, 1), (1,), False
    yield "cube permuted ends", cube.permute(1, 2, 0), (0, 2), False
    yield "transposed rows", cube[0].t(), (1,), False
    yield "transposed columns", cube[0].t(), (0,), False
    yield "sliced", cube[:, ::2, 1::3], (1,), False
    yield "sliced full", cube[::2, :, ::2], (0, 1, 2), False
    zeros = np.zeros((4, 9), dtype)
    zeros[:, 1:5] = -0.0
    zeros[1] = -0.0
    zeros[2, 3] = 1.5
    yield "negative zeros rows", torch.from_numpy(zeros), (1,), False
    yield "negative zeros columns", torch.from_numpy(zeros), (0,), False
    yield "negative zero 0-d", torch.from_numpy(np.array(-0.0, dtype)), (), False
    yield "negative zeros full", torch.from_numpy(np.full(3, -0.0, dtype)), (0,), False


def cases(torch):
    rng = np.random.default_rng(2026)
    out = {}
    for dtype in ("float32", "float64"):
        for name, x, dims, keepdim in _layouts(torch, rng, dtype):
            key = f"{dtype} {name}"
            out[f"sum {key}"] = x.sum(dims, keepdim) if dims else x.sum()
            if x.dim() == 2 and name.startswith("rows"):
                out[f"mean {key}"] = x.mean(dims, keepdim)
        x = torch.from_numpy(_values(rng, (64, 33), dtype))
        out[f"sum() {dtype} (64, 33)"] = x.sum()
        out[f"mean() {dtype} (64, 33)"] = x.mean()
        out[f"mean(0) {dtype} (64, 33)"] = x.mean(0)
        weight = torch.ones(33, dtype=x.dtype, requires_grad=True)
        grad = torch.from_numpy(_values(rng, (64, 33), dtype))
        (x * weight).backward(grad)  # weight.grad: grad * x summed down the broadcast dim
        out[f"broadcast gradient {dtype}"] = weight.grad
    ints = torch.from_numpy(rng.integers(-1000, 1000, (5, 77)).astype(np.int32))
    out["int32 sum(dtype=float32)"] = ints.sum(1, dtype=torch.float32)
    halves = torch.from_numpy(_values(rng, (6, 50), "float32")).half()
    out["float16 mean"] = halves.mean(1).float()
    singles = torch.from_numpy(_values(rng, (4, 300), "float32"))
    out["float32 sum(dtype=float64)"] = singles.sum(1, dtype=torch.float64)
    holes = _values(rng, (7, 45), "float32")
    holes[::3, ::4] = np.nan
    out["float32 nansum"] = torch.from_numpy(holes).nansum(1)
    out["float32 nanmean"] = torch.from_numpy(holes).nanmean(0)
    square = torch.from_numpy(_values(rng, (2, 2), "float32"))
    out["float32 transposed 2x2 sum()"] = square.t().sum()
    eight = torch.from_numpy(_values(rng, (4, 4), "float32"))
    out["float32 strided 8 sum()"] = eight[:, ::2].sum()
    empty = torch.zeros(0, 3)
    out["float32 empty sum()"] = empty.sum()
    out["float32 empty sum(0)"] = empty.sum(0)
    out["float32 empty sum(1)"] = empty.sum(1)
    for n in (8, 16, 37, 1000):  # (a loss's reduction is PyTorch's sum / mean)
        pair = [torch.from_numpy(_values(rng, (n,), "float32")) for _ in range(2)]
        for reduction in ("mean", "sum"):
            out[f"mse_loss {n} {reduction}"] = torch.nn.functional.mse_loss(*pair,
                                                                          reduction=reduction)
            out[f"l1_loss {n} {reduction}"] = torch.nn.functional.l1_loss(*pair,
                                                                        reduction=reduction)
    return out
