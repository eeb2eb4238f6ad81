"""Helpers for the checks that run on every rank (see run_checks.py)."""
import sys
from pathlib import Path

import numpy as np

import hookgrad as torch
import hookgrad.distributed as dist

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the recorded values
from _recorded import load  # noqa: E402

CHECKS = []


def check(fn):
    """Register a check: it runs on every rank; raising on any rank fails it."""
    CHECKS.append(fn)
    return fn


def rank():
    return dist.get_rank()


def world():
    return dist.get_world_size()


def assert_close(actual, expected, atol, what):
    actual = actual.detach().numpy() if hasattr(actual, "detach") else np.asarray(actual)
    expected = expected.detach().numpy() if hasattr(expected, "detach") else np.asarray(expected)
    assert actual.shape == expected.shape, f"{what}: shape {actual.shape} != {expected.shape}"
    diff = float(np.max(np.abs(actual - expected))) if actual.size else 0.0
    assert diff <= atol, f"{what}: max |difference| {diff:.3g} > {atol:g}"


def gathered(obj):
    """Every rank's ``obj``, in rank order."""
    objects = [None] * world()
    dist.all_gather_object(objects, obj)
    return objects


def assert_same_on_all_ranks(tensors, what):
    mine = [t.detach().numpy().copy() for t in tensors]
    for other, theirs in enumerate(gathered(mine)):
        for i, (a, b) in enumerate(zip(mine, theirs)):
            assert np.array_equal(a, b), f"{what}[{i}] differs between rank {rank()} and {other}"


def averaged_over_ranks(arrays):
    """The mean over ranks of each array (computed here, not by the code under test)."""
    everyone = gathered([np.asarray(a) for a in arrays])
    return [np.mean([theirs[i] for theirs in everyone], axis=0) for i in range(len(arrays))]


def local_grads(model, loss_fn):
    """Gradients of ``loss_fn(model)`` computed by a plain copy of ``model`` (no DDP); None
    for parameters the loss does not use."""
    copy = clone_module(model)
    loss_fn(copy).backward()
    return [None if p.grad is None else p.grad.detach().numpy().copy()
            for p in copy.parameters()]


def clone_module(module):
    import copy
    clone = copy.deepcopy(module)
    for p in clone.parameters():
        p.grad = None
    return clone


def expect_error(fn, error_type, text=None):
    try:
        fn()
    except error_type as error:
        if text is not None:
            assert str(error) == text, f"message:\n{error}\nexpected:\n{text}"
        return error
    raise AssertionError(f"expected {error_type.__name__}")


def recorded():
    return load("ddp_reference")


def batch(n, features, seed):
    generator = np.random.default_rng(seed)
    x = torch.from_numpy(generator.standard_normal((n, features)).astype(np.float32))
    y = torch.from_numpy(generator.integers(0, 10, n).astype(np.int64))
    return x, y
