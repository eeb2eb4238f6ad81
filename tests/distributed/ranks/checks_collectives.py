"""Collectives on tensors: results, dtypes kept, async work objects, errors."""
import threading

import numpy as np
from _common import assert_close, check, expect_error, rank, recorded, world

import hookgrad as torch
import hookgrad.distributed as dist
from hookgrad.distributed import ReduceOp


@check
def all_reduce_ops_and_dtypes():
    n, r = world(), rank()
    values = [np.arange(4) + k for k in range(n)]   # rank k holds arange(4) + k
    expected = {
        ReduceOp.SUM: np.sum(values, axis=0), ReduceOp.MAX: np.max(values, axis=0),
        ReduceOp.MIN: np.min(values, axis=0), ReduceOp.PRODUCT: np.prod(values, axis=0)}
    for op, want in expected.items():
        for dtype in (torch.float32, torch.float64, torch.int64):
            t = (torch.arange(4) + r).to(dtype)
            assert dist.all_reduce(t, op=op) is None
            assert t.dtype == dtype, f"{op}: dtype became {t.dtype}"
            assert_close(t, want.astype(t.numpy().dtype), 0, f"{op} {dtype}")
    t = torch.arange(4, dtype=torch.float32) + r
    dist.all_reduce(t, op=ReduceOp.AVG)
    assert_close(t, np.mean(values, axis=0), 1e-6, "AVG")
    half = torch.full((3,), 0.5 * (r + 1), dtype=torch.float16)
    dist.all_reduce(half)
    assert half.dtype == torch.float16
    assert_close(half.float(), np.full(3, 0.5 * n * (n + 1) / 2), 1e-3, "float16 sum")
    flags = torch.tensor([r == 0, True, False])
    dist.all_reduce(flags)   # SUM on bool is a logical or, as in PyTorch
    assert flags.tolist() == [True, True, False]
    errors = recorded()["errors"][0]
    expect_error(lambda: dist.all_reduce(torch.arange(3), op=ReduceOp.AVG), RuntimeError,
                 errors["avg_int"][1])
    expect_error(lambda: dist.all_reduce([1, 2]), TypeError, errors["tensor_type"][1])


@check
def all_reduce_into_a_view():
    # a non-contiguous view: the result lands in the base tensor's memory
    base = torch.zeros(3, 4)
    view = base.t()
    view.add_(rank() + 1.0)
    version = view._version
    dist.all_reduce(view)
    total = world() * (world() + 1) / 2
    assert_close(base, np.full((3, 4), total), 0, "base of the view")
    assert view._version > version, "an in-place collective bumps the version counter"


@check
def async_work_and_futures():
    t = torch.ones(5) * (rank() + 1)
    work = dist.all_reduce(t, async_op=True)
    future = work.get_future()
    assert work.wait() is True and work.is_completed()
    total = world() * (world() + 1) / 2
    assert_close(t, np.full(5, total), 0, "async all_reduce")
    value = future.wait()
    assert isinstance(value, list) and value[0] is t
    chained = dist.all_reduce(torch.ones(2), async_op=True).get_future().then(
        lambda fut: fut.value()[0] * 10)
    assert_close(chained.wait(), np.full(2, 10.0 * world()), 0, "then")
    assert dist.barrier(async_op=True).wait() is True
    assert dist.barrier() is None


@check
def broadcast_gather_scatter():
    n, r = world(), rank()
    src = n - 1
    t = torch.full((2, 3), float(r))
    dist.broadcast(t, src=src)
    assert_close(t, np.full((2, 3), float(src)), 0, "broadcast")
    longs = torch.arange(3) * (r + 1)
    dist.broadcast(longs, src=0, async_op=True).wait()
    assert longs.dtype == torch.int64 and longs.tolist() == [0, 1, 2]
    expect_error(lambda: dist.broadcast(t), ValueError,
                 recorded()["errors"][0]["broadcast_no_src"][1])

    outputs = [torch.zeros(2, dtype=torch.int64) for _ in range(n)]
    dist.all_gather(outputs, torch.tensor([r, 10 * r]))
    assert [o.tolist() for o in outputs] == [[k, 10 * k] for k in range(n)]
    into = torch.zeros(n, 2)
    dist.all_gather_into_tensor(into, torch.tensor([[float(r), 1.0]]))
    assert_close(into, np.array([[k, 1.0] for k in range(n)]), 0, "all_gather_into_tensor")

    inputs = [torch.full((3,), float(r * n + k)) for k in range(n)]   # rank r, slot k
    out = torch.zeros(3)
    dist.reduce_scatter(out, inputs)
    assert_close(out, np.full(3, float(sum(j * n + r for j in range(n)))), 0, "reduce_scatter")
    flat = torch.cat(inputs)
    out = torch.zeros(3)
    dist.reduce_scatter_tensor(out, flat, op=ReduceOp.MAX, async_op=True).wait()
    assert_close(out, np.full(3, float((n - 1) * n + r)), 0, "reduce_scatter_tensor MAX")

    objects = [None] * n
    dist.all_gather_object(objects, {"rank": r})
    assert objects == [{"rank": k} for k in range(n)]


@check
def group_queries():
    assert dist.is_initialized() and dist.is_available()
    assert dist.get_backend() == "mpi"
    assert dist.group.WORLD.size() == world() and dist.group.WORLD.rank() == rank()
    kind, text = recorded()["errors"][0]["init_twice"]
    assert kind == "ValueError"
    expect_error(lambda: dist.init_process_group("mpi"), ValueError, text)
    expect_error(lambda: dist.init_process_group("gloo"), ValueError, text)


@check
def collectives_from_another_thread():
    # a thread may run collectives too, as long as every rank runs the same sequence
    result = {}

    def run():
        t = torch.ones(3)
        dist.all_reduce(t)
        result["value"] = t

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert_close(result["value"], np.full(3, float(world())), 0, "all_reduce in a thread")
