"""DDP's bucket assignment against PyTorch 2.13's, without MPI. (The 2- and 4-rank checks
compare the buckets a real DistributedDataParallel all-reduces with the same recording.)"""
import pytest
from _recorded import load

import hookgrad as torch
from hookgrad.distributed import _bucketing, _compute_bucket_assignment_by_size

LAYOUTS = load("ddp_reference")["layouts"]


def _params(name):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent / "ranks"))
    import layout_models
    torch.manual_seed(0)
    return list(layout_models.MODELS[name]().parameters())


@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_layouts_match_pytorch(key):
    name, cap, find_unused = key.split("/")
    params = _params(name)
    caps = _bucketing.bucket_caps(None if cap == "None" else float(cap))
    first = _bucketing.initial_buckets(params, caps, find_unused == "True")
    iteration1, iteration2 = ([indices for _, _, indices in it] for it in LAYOUTS[key])
    assert first == iteration1
    if find_unused == "True":
        assert first == iteration2   # never rebuilt
    else:
        # rebuilt in the order the gradients arrived: bias, weight, from the last layer
        order = []
        for layer in reversed(range(0, len(params), 2)):
            order += [layer + 1, layer]
        assert _bucketing.rebuilt_buckets(params, order, caps) == iteration2


@pytest.mark.parametrize("case", load("ddp_reference")["assignments"])
def test_assignment_function_matches_pytorchs(case):
    tensors = [torch.zeros(n, dtype=getattr(torch, d))
               for n, d in zip(case["sizes"], case["dtypes"])]
    assert _compute_bucket_assignment_by_size(tensors, case["limits"]) == (
        case["indices"], case["per_bucket"])


def test_caps():
    mb = 1024 * 1024
    assert _bucketing.bucket_caps(None) == (25 * mb, mb, ())      # 25 MiB, first bucket 1 MiB
    assert _bucketing.bucket_caps(4) == (4 * mb, 4 * mb, ())      # explicit: every bucket
    assert _bucketing.bucket_caps(None, [1, 3]) == (3 * mb, 3 * mb, (mb, 3 * mb))
