"""The intra-op thread pool: chunks, thread counts, OpenBLAS, hooks' threads, concurrency."""
import multiprocessing
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import _blas, _parallel
from hookgrad._ops import norm_kernels

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def threads(monkeypatch):
    """Run a test at a given thread count, splitting work of any size (not only work large
    enough to pay for waking a pool thread); restore the thread counts afterwards."""
    monkeypatch.setattr(_parallel, "REGION_BYTES", 0)
    monkeypatch.setattr(_parallel, "CALL_REGION_BYTES", 0)
    before, blas_before = torch.get_num_threads(), _blas.get_threads()

    def use(n):
        torch.set_num_threads(n)
    yield use
    torch.set_num_threads(before)
    if blas_before is not None:
        _blas.set_threads(blas_before)


def _mark(start, stop, hits):
    hits[start:stop] += 1


def test_chunks_cover_the_range_once_at_any_thread_count(threads):
    for n in (1, 2, 4):
        threads(n)
        hits = np.zeros(103, np.int64)
        _parallel.parallel_for(103, 10, _mark, hits)
        assert (hits == 1).all()


def test_chunks_run_on_several_threads_side_by_side(threads):
    threads(2)
    barrier = threading.Barrier(2, timeout=20)
    seen = set()

    def meet(start, stop):
        seen.add(threading.get_ident())
        barrier.wait()  # breaks (raises) unless two chunks run at once
    _parallel.parallel_for(2, 1, meet)
    assert len(seen) == 2


def test_one_thread_runs_every_chunk_on_the_caller(threads):
    threads(1)
    assert torch.get_num_threads() == 1
    if _blas.get_threads() is not None:
        assert _blas.get_threads() == 1
    seen = set()
    _parallel.parallel_for(8, 1, lambda start, stop: seen.add(threading.get_ident()))
    assert seen == {threading.get_ident()}


def test_openblas_is_single_threaded_inside_a_region_only(threads):
    if _blas.get_threads() is None:
        pytest.skip("NumPy's BLAS is not a reachable OpenBLAS")
    threads(2)
    _blas.set_threads(2)
    inside = []
    _parallel.parallel_for(4, 1, lambda start, stop: inside.append(_blas.get_threads()))
    assert inside == [1, 1, 1, 1]
    assert _blas.get_threads() == 2


def test_an_error_in_a_chunk_is_raised_on_the_caller(threads):
    threads(2)

    def work(start, stop):
        if start == 3:
            raise ValueError("chunk 3")
    with pytest.raises(ValueError, match="chunk 3"):
        _parallel.parallel_for(6, 1, work)
    seen = []
    _parallel.parallel_for(4, 1, lambda start, stop: seen.append(start))  # still works
    assert sorted(seen) == [0, 1, 2, 3]


def test_nested_regions_run_inline(threads):
    threads(2)
    inner_threads = []

    def inner(start, stop, outer_thread):
        inner_threads.append(threading.get_ident() == outer_thread)

    def outer(start, stop):
        _parallel.parallel_for(4, 1, inner, threading.get_ident())
    _parallel.parallel_for(2, 1, outer)
    assert inner_threads == [True] * 8


def test_concurrent_callers_all_finish(threads):
    threads(2)
    totals = {}

    def caller(k):
        out = np.zeros(64)

        def fill(start, stop):
            out[start:stop] = k
        for _ in range(50):
            _parallel.parallel_for(64, 4, fill)
        totals[k] = out.sum()
    workers = [threading.Thread(target=caller, args=(k,)) for k in range(6)]
    for t in workers:
        t.start()
    for t in workers:
        t.join(60)
    assert totals == {k: 64.0 * k for k in range(6)}


def _count_in_child(queue):
    out = np.zeros(16)

    def fill(start, stop):
        out[start:stop] = 1
    _parallel.parallel_for(16, 2, fill)
    queue.put(out.sum())


def test_a_forked_child_gets_a_working_pool(threads):
    threads(2)
    _parallel.parallel_for(4, 1, lambda start, stop: None)  # the parent's workers exist
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_count_in_child, args=(queue,))
    child.start()
    child.join(60)
    assert child.exitcode == 0 and queue.get(timeout=5) == 16


@pytest.mark.parametrize("env, expected", [({"OMP_NUM_THREADS": "1"}, "1"),
                                           ({"MKL_NUM_THREADS": "1", "OMP_NUM_THREADS": "4"},
                                            "1"),
                                           ({"OMP_NUM_THREADS": "100000"}, "cores"),
                                           ({"OMP_NUM_THREADS": "abc"}, "cores")])
def test_default_thread_count_follows_the_environment_like_pytorch(env, expected):
    code = ("import hookgrad, hookgrad._parallel as p; "
            "print(hookgrad.get_num_threads(), p.physical_cores())")
    clean = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS",
                                                               "MKL_NUM_THREADS")}
    out = subprocess.run([sys.executable, "-c", code], env={**clean, **env}, cwd=REPO,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == (out[1] if expected == "cores" else expected)


# --------------------------------------------------------------------------- ops on the pool

def _spy_on_regions(monkeypatch):
    """Count the parallel regions the norm kernels open (so a test knows it split)."""
    calls = []
    real = _parallel.parallel_for

    def counting(*args):
        calls.append(args[:2])
        return real(*args)
    monkeypatch.setattr(norm_kernels, "parallel_for", counting)
    return calls


def _bn_model():
    torch.manual_seed(0)
    # no conv bias: batch norm makes its gradient zero, i.e. rounding noise
    return torch.nn.Sequential(torch.nn.Conv2d(4, 8, 3, padding=1, bias=False),
                               torch.nn.BatchNorm2d(8),
                               torch.nn.ReLU(), torch.nn.Flatten(),
                               torch.nn.LayerNorm(8 * 32 * 32))


_PROBE = torch.from_numpy(np.random.default_rng(1).standard_normal((16, 8 * 32 * 32))
                          .astype(np.float32))


def _loss(out):
    return (out * _PROBE).sum()  # not (out * out).sum(): layer norm makes that constant


def _run(model, x):
    x = x.clone().requires_grad_()
    out = model(x)
    _loss(out).backward()
    grads = [p.grad.numpy().copy() for p in model.parameters()]
    for p in model.parameters():
        p.grad = None
    return out.detach().numpy().copy(), x.grad.numpy().copy(), grads


def test_split_ops_match_one_thread_to_float32_rounding(threads, monkeypatch):
    model = _bn_model()
    x = torch.randn(16, 4, 32, 32)
    threads(1)
    single = _run(model, x)
    calls = _spy_on_regions(monkeypatch)
    threads(4)
    split = _run(model, x)
    assert calls, "the batch norm kernels did not split their work"
    np.testing.assert_allclose(split[0], single[0], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(split[1], single[1], rtol=1e-4, atol=1e-6)
    for a, b in zip(split[2], single[2]):
        # (an element summed from terms ~1e6 times larger cancels: float32 rounding there is
        # relative to the gradient's scale, not the element's)
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=max(1e-5, 1e-6 * np.abs(b).max()))


def test_hooks_run_on_the_thread_that_called_backward(threads, monkeypatch):
    threads(4)
    calls = _spy_on_regions(monkeypatch)
    model = _bn_model()
    seen = []
    model[1].register_forward_hook(
        lambda m, a, o: seen.append(("forward", threading.get_ident())))
    model[1].register_full_backward_hook(
        lambda m, gi, go: seen.append(("module", threading.get_ident())))
    model[1].weight.register_hook(lambda g: seen.append(("tensor", threading.get_ident())))
    model[1].weight.register_post_accumulate_grad_hook(
        lambda p: seen.append(("accumulate", threading.get_ident())))
    callers = []

    def train():
        callers.append(threading.get_ident())
        _run(model, torch.randn(16, 4, 32, 32))
    worker = threading.Thread(target=train)
    worker.start()
    worker.join(60)
    assert calls
    assert sorted(kind for kind, _ in seen) == ["accumulate", "forward", "module", "tensor"]
    assert {ident for _, ident in seen} == set(callers)


def test_concurrent_backward_into_shared_parameters_stays_exact(threads):
    threads(2)
    model = _bn_model()
    x = torch.randn(16, 4, 32, 32)
    _loss(model(x)).backward()
    once = [p.grad.numpy().copy() for p in model.parameters()]
    for p in model.parameters():
        p.grad = None
    passes, callers = 5, 4
    barrier = threading.Barrier(callers)
    errors = []

    def worker():
        try:
            barrier.wait()
            for _ in range(passes):
                _loss(model(x)).backward()
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)
    workers = [threading.Thread(target=worker) for _ in range(callers)]
    for t in workers:
        t.start()
    for t in workers:
        t.join(120)
    assert not errors
    for p, g in zip(model.parameters(), once):
        # identical contributions: every order of adding them gives the sequential sum
        expected = g.copy()
        for _ in range(passes * callers - 1):
            expected = expected + g
        np.testing.assert_array_equal(p.grad.numpy(), expected)


def _relu_add_softmax_matmul(x, q, k):
    """ReLU, add, softmax and a batched matmul, forward and backward; every array out."""
    x, q, k = (t.clone().requires_grad_() for t in (x, q, k))
    y = torch.relu(x) + x
    scores = torch.softmax(q.matmul(k), -1)
    loss = (y * y).sum() + (scores * _SCORE_PROBE).sum()
    loss.backward()
    return [t.detach().numpy().copy() for t in (y, scores, x.grad, q.grad, k.grad)]


_SCORE_PROBE = torch.from_numpy(np.random.default_rng(2).standard_normal((16, 4, 64, 64))
                                .astype(np.float32))


def test_split_elementwise_softmax_and_matmul_match_one_thread(threads, monkeypatch):
    from hookgrad._ops import gemm, softmax, softmax_lastdim, split
    calls = []
    for module in (split, softmax, softmax_lastdim):  # (softmax's rows split there)
        real = module.parallel_for
        monkeypatch.setattr(module, "parallel_for",
                            lambda *args, real=real: calls.append(args[0]) or real(*args))
    rng = np.random.default_rng(3)
    x = rng.standard_normal((64, 16, 32, 32)).astype(np.float32)
    x.reshape(-1)[:3] = [-0.0, np.nan, -1.0]  # kept -0.0 and NaN, as one call keeps them
    inputs = [torch.from_numpy(x)] + [
        torch.from_numpy(rng.standard_normal(shape).astype(np.float32))
        for shape in ((16, 4, 64, 32), (16, 4, 32, 64))]
    threads(1)
    single = _relu_add_softmax_matmul(*inputs)
    assert not calls
    threads(2)
    split = _relu_add_softmax_matmul(*inputs)
    # relu, add, threshold backward, matmuls (not with PyTorch's MKL, which threads them
    # itself: gemm.py), softmax both ways
    assert len(calls) >= (5 if gemm.available() else 6)
    np.testing.assert_array_equal(split[0], single[0])  # elementwise: bit for bit
    np.testing.assert_array_equal(np.signbit(split[0]), np.signbit(single[0]))
    np.testing.assert_array_equal(split[2], single[2])
    for a, b in zip(split[1:], single[1:]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_matrix_products_split_when_blas_does_not_thread(threads, monkeypatch):
    from hookgrad._ops import gemm, split
    if _blas.get_threads() is None:
        pytest.skip("NumPy's BLAS is not a reachable OpenBLAS")
    monkeypatch.setattr(gemm, "_functions", {})  # (NumPy's path, not MKL's)
    calls = []
    real = split.parallel_for
    monkeypatch.setattr(split, "parallel_for",
                        lambda *args: calls.append(args[0]) or real(*args))
    rng = np.random.default_rng(4)
    x = torch.from_numpy(rng.standard_normal((256, 300)).astype(np.float32))
    results = []
    for n in (1, 2):
        threads(n)
        _blas.set_threads(1)
        torch.manual_seed(0)
        layer = torch.nn.Linear(300, 40)
        a = x.clone().requires_grad_()
        out = layer(a)
        (out * out).sum().backward()
        results.append([t.detach().numpy().copy() for t in (out, a.grad, layer.weight.grad)])
    assert len(calls) == 3  # forward, input gradient (rows), weight gradient (columns)
    for one, split_result in zip(*results):
        # blocks of rows or columns: the same sums where OpenBLAS's kernel for a block is the
        # one for the whole (its AVX-512 kernels); its AVX2 (Haswell / Zen) sgemm blocks the
        # reduction by the product's size, so there they agree to float32 rounding of the sums
        np.testing.assert_allclose(split_result, one, rtol=1e-4, atol=1e-4)


def test_convolutions_without_kept_columns_run_in_chunks_of_images(threads, monkeypatch):
    """An im2col convolution under no_grad (its columns are not kept) runs in chunks of
    images, on the pool when there is more than one thread: the output equals the one-call
    forward's to float32 rounding at any thread count."""
    from hookgrad._ops import conv, conv_onednn_order
    calls = []
    # (conv.py's forward, or conv_onednn_order's where oneDNN's sum order is followed)
    for module in (conv, conv_onednn_order):
        monkeypatch.setattr(module, "CHUNK_COLUMNS_BYTES", 64 << 10)
        monkeypatch.setattr(module, "parallel_for", lambda *args, real=module.parallel_for:
                            calls.append(args[:2]) or real(*args))
    rng = np.random.default_rng(7)
    x = rng.standard_normal((20, 6, 12, 12)).astype(np.float32)
    w = rng.standard_normal((16, 6, 5, 5)).astype(np.float32)
    whole, _ = conv.conv_forward(x, w, (1, 1), (0, 0), (1, 1), 1)
    for n in (1, 2):
        threads(n)
        with torch.no_grad():
            out = torch.nn.functional.conv2d(torch.from_numpy(x), torch.from_numpy(w))
        np.testing.assert_allclose(out.numpy(), whole, rtol=1e-5, atol=1e-5)
    assert any(n == 20 and step < 20 for n, step in calls)


def test_thin_long_products_split_along_their_depth(threads, monkeypatch):
    """A product with few rows and columns but a long depth (a convolution's weight
    gradient) is split along the depth, not into thin row blocks: partial products added in
    order, equal to one call to float32 rounding."""
    from hookgrad._ops import split
    if _blas.get_threads() is None:
        pytest.skip("NumPy's BLAS is not a reachable OpenBLAS")
    calls = []
    real = split.parallel_for
    monkeypatch.setattr(split, "parallel_for",
                        lambda *args: calls.append(args[0]) or real(*args))
    rng = np.random.default_rng(6)
    a = rng.standard_normal((25, 16384)).astype(np.float32)
    b = rng.standard_normal((16384, 6)).astype(np.float32)
    threads(1)
    assert split.split_mm(a, b) is None and not calls
    threads(2)
    _blas.set_threads(1)
    out = split.split_mm(a, b)
    assert calls == [16384]  # chunks of the depth
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-4)


def test_the_pool_runs_openblas_at_one_thread(threads):
    """With more than one thread the pool splits large products itself: NumPy's OpenBLAS is
    left at one thread, whose spinning server threads would take the pool's second core."""
    if _blas.get_threads() is None:
        pytest.skip("NumPy's BLAS is not a reachable OpenBLAS")
    threads(2)
    assert torch.get_num_threads() == 2
    assert _blas.get_threads() == 1


def test_im2col_convolutions_split_their_products(threads, monkeypatch):
    """A convolution outside conv_kernels' layouts (dilation 2) splits its three GEMMs over
    the pool (the forward and input gradient in conv_onednn_order's blocks of columns, where
    oneDNN's sum order is followed); results equal the one-thread ones to float32
    rounding."""
    from hookgrad._ops import conv_onednn_order, split
    calls = []
    for module in (split, conv_onednn_order):
        monkeypatch.setattr(module, "parallel_for", lambda *args, real=module.parallel_for,
                            name=module.__name__: (args[1] < args[0] and calls.append(name))
                            or real(*args))
    rng = np.random.default_rng(5)
    x = rng.standard_normal((8, 16, 12, 12)).astype(np.float32)
    w = rng.standard_normal((24, 16, 3, 3)).astype(np.float32)
    results = []
    for n in (1, 2):
        threads(n)
        a = torch.from_numpy(x.copy()).requires_grad_()
        weight = torch.from_numpy(w.copy()).requires_grad_()
        out = torch.nn.functional.conv2d(a, weight, padding=2, dilation=2)
        (out * out).sum().backward()
        results.append([t.detach().numpy().copy() for t in (out, a.grad, weight.grad)])
    # forward, input gradient, weight gradient
    assert calls == [conv_onednn_order.__name__] * 2 + [split.__name__]
    for one, split_result in zip(*results):
        np.testing.assert_allclose(split_result, one, rtol=1e-4, atol=1e-3)
