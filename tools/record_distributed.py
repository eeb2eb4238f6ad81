"""Record PyTorch's DistributedSampler indices, DDP bucket layouts and DDP error messages.

Needs PyTorch (2.13) with Gloo; runs two local ranks with torch.multiprocessing. Writes
tests/recorded/distributed_sampler.json and tests/recorded/ddp_reference.json:
    python tools/record_distributed.py"""
import itertools
import os
import socket
import sys
from pathlib import Path

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests._recorded import save  # noqa: E402


class _Dataset:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


def sampler_cases():
    from torch.utils.data.distributed import DistributedSampler
    cases = []
    grid = itertools.chain(
        itertools.product([0, 1, 2, 5, 10, 17, 64], [1, 2, 3, 4, 8],
                          [(0, 0), (0, 1), (7, 3), (2**32 + 5, 0), (-3, 2)],
                          [True, False], [False, True]),
        # longer permutations, fewer layouts
        itertools.product([101, 1000], [3], [(0, 0), (12345, 9)], [True], [False, True]))
    for n, replicas, (seed, epoch), shuffle, drop_last in grid:
        if not shuffle and (seed, epoch) != (0, 0):
            continue  # the seed only matters when shuffling
        per_rank = []
        for rank in range(replicas):
            sampler = DistributedSampler(_Dataset(n), num_replicas=replicas, rank=rank,
                                         shuffle=shuffle, seed=seed, drop_last=drop_last)
            sampler.set_epoch(epoch)
            per_rank.append({"indices": list(sampler), "len": len(sampler)})
        cases.append({"n": n, "num_replicas": replicas, "seed": seed, "epoch": epoch,
                      "shuffle": shuffle, "drop_last": drop_last, "ranks": per_rank})
    return cases


# Models for bucket layouts: (name, builder). Parameters are told apart by their index in
# module.parameters().
def _mlp():
    return nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(),
                         nn.Linear(256, 10))


def _wide():
    return nn.Sequential(nn.Linear(600, 600), nn.Linear(600, 600), nn.Linear(600, 10))


class _Mixed(nn.Module):
    """float32 and float64 parameters interleaved: buckets hold one dtype each."""

    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(300, 500), nn.Linear(500, 400).double(),
                                     nn.Linear(400, 300), nn.Linear(300, 2).double()])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x.to(layer.weight.dtype))
        return x.float()


def _mixed():
    return _Mixed()


MODELS = {"mlp": _mlp, "wide": _wide, "mixed": _mixed}
LAYOUT_CONFIGS = [(None, False), (None, True), (1, False), (1, True), (0.5, False),
                  (0.5, True), (0.25, False), (2, True)]


def _layouts(rank):
    out = {}
    for name, build in MODELS.items():
        for cap, find_unused in LAYOUT_CONFIGS:
            torch.manual_seed(0)
            model = build()
            params = list(model.parameters())
            ddp = nn.parallel.DistributedDataParallel(model, bucket_cap_mb=cap,
                                                      find_unused_parameters=find_unused)
            seen = []
            ddp.register_comm_hook(seen, _recording_hook(params))
            iterations = []
            for _ in range(2):
                seen.clear()
                x = torch.randn(2, params[0].shape[1], dtype=params[0].dtype)
                ddp(x).sum().backward()
                iterations.append(sorted(seen))
            out[f"{name}/{cap}/{find_unused}"] = iterations
    return out


def _recording_hook(params):
    ids = {id(p): i for i, p in enumerate(params)}

    def hook(seen, bucket):
        seen.append([bucket.index(), bucket.is_last(),
                     [ids[id(p)] for p in bucket.parameters()]])
        fut = torch.futures.Future()
        fut.set_result(bucket.buffer())
        return fut
    return hook


class _TwoOutputs(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(3, 3)

    def forward(self, x):
        return self.a(x)


def _message(fn):
    try:
        fn()
    except Exception as error:  # noqa: BLE001  (recording whatever PyTorch raises)
        return [type(error).__name__, str(error)]
    return None


def _errors(rank):
    torch.manual_seed(0)
    out = {}

    def unused():
        ddp = nn.parallel.DistributedDataParallel(_TwoOutputs())
        for _ in range(2):
            ddp(torch.randn(2, 3)).sum().backward()
    out["unused"] = _message(unused)

    def unused_find():
        # find_unused_parameters=True, but a parameter used outside forward: b is marked
        # unused by the forward, then its gradient arrives: "marked ready twice"
        ddp = nn.parallel.DistributedDataParallel(_TwoOutputs(), find_unused_parameters=True)
        x = torch.randn(2, 3)
        (ddp(x).sum() + ddp.module.b(x).sum()).backward()
    out["marked_twice"] = _message(unused_find)

    out["count"] = _message(lambda: nn.parallel.DistributedDataParallel(
        nn.Sequential(*[nn.Linear(3, 3) for _ in range(1 + rank)])))

    def twice():
        dist.init_process_group("gloo", rank=rank, world_size=2)
    out["init_twice"] = _message(twice)

    def no_grad_params():
        layer = nn.Linear(3, 3)
        layer.requires_grad_(False)
        nn.parallel.DistributedDataParallel(layer)
    out["no_grad_params"] = _message(no_grad_params)

    def hook_twice():
        from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import allreduce_hook
        ddp = nn.parallel.DistributedDataParallel(nn.Linear(3, 3))
        ddp.register_comm_hook(None, allreduce_hook)
        ddp.register_comm_hook(None, allreduce_hook)
    out["hook_twice"] = _message(hook_twice)
    out["device_ids"] = _message(lambda: nn.parallel.DistributedDataParallel(
        nn.Linear(3, 3), device_ids=[0]))
    out["not_callable"] = _message(lambda: nn.parallel.DistributedDataParallel(
        nn.Linear(3, 3)).register_comm_hook(None, 3))
    out["avg_int"] = _message(lambda: dist.all_reduce(torch.arange(3), op=dist.ReduceOp.AVG))
    out["tensor_type"] = _message(lambda: dist.all_reduce([1, 2]))
    out["broadcast_no_src"] = _message(lambda: dist.broadcast(torch.ones(2)))
    return out


# (sizes, dtypes) of tensors for dist._compute_bucket_assignment_by_size
ASSIGNMENT_CASES = [
    ([100, 300000, 10, 200000, 70000, 5], ["float32"] * 6, [1, 2]),
    ([100, 300000, 10, 200000, 70000, 5],
     ["float32", "float64", "float32", "float64", "float32", "int64"], [1, 2]),
    ([262144, 1, 262143, 262144, 7], ["float32"] * 5, [1]),
    ([10] * 7, ["float32", "float64"] * 3 + ["float32"], [0.0001, 0.0002]),
]


def assignment_cases():
    out = []
    for sizes, dtypes, limits_mb in ASSIGNMENT_CASES:
        tensors = [torch.zeros(n, dtype=getattr(torch, d)) for n, d in zip(sizes, dtypes)]
        limits = [int(mb * 1024 * 1024) for mb in limits_mb]
        indices, per_bucket = dist._compute_bucket_assignment_by_size(
            tensors, limits, [False] * len(tensors))
        out.append({"sizes": sizes, "dtypes": dtypes, "limits": limits,
                    "indices": [list(b) for b in indices], "per_bucket": list(per_bucket)})
    return out


def _errors_without_group():
    """Errors that need no process group (recorded in the parent process)."""
    return {
        "not_initialized": _message(dist.get_rank),
        "queue_callback": _message(lambda: torch.autograd.Variable._execution_engine
                                   .queue_callback(lambda: None)),
    }


def _worker(rank, port, queue):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    dist.init_process_group("gloo", rank=rank, world_size=2)
    result = {"layouts": _layouts(rank)}
    dist.barrier()
    # the shape-mismatch case leaves rank 0 waiting for rank 1: record errors last
    result["errors"] = _errors(rank)
    dist.barrier()
    queue.put((rank, result))
    # Last: rank 1 raises, rank 0 is left waiting for it (it is killed), as in PyTorch.
    message = _message(lambda: nn.parallel.DistributedDataParallel(nn.Linear(3, 3 + rank)))
    queue.put((rank + 2, message))


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    save("distributed_sampler", {"cases": sampler_cases()}, torch.__version__)
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    processes = [ctx.Process(target=_worker, args=(rank, _free_port_cached(), queue))
                 for rank in range(2)]
    for p in processes:
        p.start()
    results = dict(queue.get(timeout=300) for _ in processes)
    rank, shape_message = queue.get(timeout=60)
    while rank != 3:
        rank, shape_message = queue.get(timeout=60)
    for p in processes:
        p.join(timeout=10)
        if p.is_alive():
            p.kill()
    results[1]["errors"]["shape"] = shape_message
    save("ddp_reference", {"layouts": results[0]["layouts"],
                           "errors": [results[0]["errors"], results[1]["errors"]],
                           "errors_without_group": _errors_without_group(),
                           "assignments": assignment_cases()},
         torch.__version__)


_PORT = None


def _free_port_cached():
    global _PORT
    if _PORT is None:
        _PORT = _free_port()
    return _PORT


if __name__ == "__main__":
    main()
