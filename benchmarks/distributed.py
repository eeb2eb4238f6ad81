"""Data-parallel training on MPI: step times on 1 and 2 ranks, how much of the all-reduce
backward hides, and the all-reduce bandwidth against MPI's own.

    python benchmarks/distributed.py            # about a minute
    python benchmarks/distributed.py --quick    # smoke run, noisy numbers

It starts itself on 1 and on 2 ranks through ``python -m hookgrad.distributed.run`` (needs
the dist extra). Models and batches are the engine benchmarks' (benchmarks/models.py):

* W3: MLP 784-256-256-10, global batch 128; W4: LeNet on 1x28x28, global batch 64. A step
  is zero_grad, forward, cross-entropy, backward, SGD step. With N ranks each rank takes
  B/N of the batch (the equivalence setting of tests/distributed), so 2 ranks do the work
  of 1 on half the data each.
* Per world size, three variants run interleaved, ``--repeats`` times, and the median time
  per step is reported: the plain model (no DDP), DDP, and DDP inside ``no_sync()`` (the
  same compute and hooks, no communication).
* DDP's own cost on 1 rank (DDP - plain: copying gradients into buckets and back) is
  subtracted from DDP - no_sync on 2 ranks to give the communication DDP exposes per step
  (differences are medians over rounds of the two variants timed in the same round).
  The reference is a no_sync step followed by blocking mpi4py ``Allreduce`` calls of the
  same bucket sizes, timed in the same loops ("MPI after bwd": nothing overlapped, and the
  same per-step synchronisation of the ranks). The share hidden behind backward is
  ``1 - exposed / after``. "MPI alone" is the same all-reduces timed back to back (MPI's
  own figure, ranks in lockstep); the bandwidths are gradient bytes / that time and
  gradient bytes / DDP's exposed time.
* Collectives alone: ``hookgrad.distributed.all_reduce`` on a float32 tensor against raw
  ``comm.Allreduce`` of the same bytes (1 MB and 16 MB, and each model's gradient size).

On a shared machine these figures are noisy: ranks compete with other work for the cores.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from benchmarks import _common as C  # noqa: E402

MODELS = {"W3": ("MLP 784-256-256-10", 128), "W4": ("LeNet", 64)}
# DDP's default buckets (25 MiB, the first 1 MiB) hold each of these models' gradients in
# one bucket, which fills with the last gradient: nothing can overlap. The smaller caps give
# two buckets, the first all-reduced while the first layers' backward still runs.
BUCKET_CAPS = {"W3": (None, 0.25), "W4": (None, 0.05)}
SIZES_MB = (1, 16)


# --------------------------------------------------------------------------- one rank

def _model_and_batch(name, rank, world):
    import hookgrad
    from benchmarks._workloads import make_lenet, make_mlp
    hookgrad.manual_seed(0)
    model = make_mlp(hookgrad) if name == "W3" else make_lenet(hookgrad)
    batch = MODELS[name][1]
    rng = np.random.default_rng(0)
    shape = (batch, 784) if name == "W3" else (batch, 1, 28, 28)
    x = rng.standard_normal(shape).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int64)
    share = batch // world
    part = slice(rank * share, (rank + 1) * share)
    return model, hookgrad.from_numpy(x[part].copy()), hookgrad.from_numpy(y[part].copy())


class _Step:
    """One training step of ``module`` (``sync=False``: inside ``ddp.no_sync()``)."""

    def __init__(self, module, x, y, ddp=None):
        import hookgrad
        self.module, self.x, self.y, self.ddp = module, x, y, ddp
        self.loss = hookgrad.nn.CrossEntropyLoss()
        self.optimizer = hookgrad.optim.SGD(module.parameters(), lr=0.01)

    def __call__(self):
        self.optimizer.zero_grad()
        self.loss(self.module(self.x), self.y).backward()
        self.optimizer.step()


class _NoSyncStep(_Step):
    def __call__(self):
        with self.ddp.no_sync():
            super().__call__()


class _AllReduceAfterStep(_NoSyncStep):
    """A no_sync step, then a blocking mpi4py Allreduce of arrays the size of DDP's
    buckets: the same communication with nothing overlapped."""

    def __init__(self, module, x, y, ddp, comm, bucket_bytes):
        super().__init__(module, x, y, ddp)
        self.comm = comm
        self.arrays = [np.zeros(n // 4, dtype=np.float32) for n in bucket_bytes]

    def __call__(self):
        super().__call__()
        for array in self.arrays:
            self.comm.Allreduce(_mpi().IN_PLACE, array)


def _timed(comm, fn, iterations):
    comm.Barrier()
    start = time.perf_counter()
    for _ in range(iterations):
        fn()
    elapsed = time.perf_counter() - start
    return comm.allreduce(elapsed, op=_mpi().MAX) / iterations   # the slowest rank's


def _mpi():
    from mpi4py import MPI
    return MPI


def _interleaved(comm, variants, iterations, repeats):
    """Seconds per call of each variant, per round: the variants are timed in turn,
    ``repeats`` rounds (each first called a few times to warm up)."""
    for fn in variants.values():
        for _ in range(3):
            fn()
    times = {name: [] for name in variants}
    for _ in range(repeats):
        for name, fn in variants.items():
            times[name].append(_timed(comm, fn, iterations))
    return times


def _allreduce_times(comm, nbytes, iterations, repeats):
    """(raw mpi4py Allreduce, hookgrad.distributed.all_reduce) seconds for ``nbytes``."""
    import hookgrad
    import hookgrad.distributed as dist
    MPI = _mpi()
    array = np.ones(max(1, nbytes // 4), dtype=np.float32)
    tensor = hookgrad.ones(array.size)
    variants = {"mpi": lambda: comm.Allreduce(MPI.IN_PLACE, array),
                "hookgrad": lambda: dist.all_reduce(tensor)}
    return {name: float(np.median(t))
            for name, t in _interleaved(comm, variants, iterations, repeats).items()}


def worker(out, quick):
    import hookgrad.distributed as dist
    from hookgrad.nn.parallel import DistributedDataParallel as DDP
    dist.init_process_group("mpi")
    comm = dist.group.WORLD._comm
    rank, world = dist.get_rank(), dist.get_world_size()
    repeats, iterations = (3, 5) if quick else (9, 20)
    result = {"world": world, "models": {}, "collectives": {}}
    for name in MODELS:
        plain, x, y = _model_and_batch(name, rank, world)
        variants = {"plain": _Step(plain, x, y)}
        buckets = {}
        for cap in BUCKET_CAPS[name]:
            wrapped, _, _ = _model_and_batch(name, rank, world)
            ddp = DDP(wrapped, bucket_cap_mb=cap)
            for _ in range(2):   # the buckets are rebuilt in the second forward
                _Step(ddp, x, y)()
            params = list(wrapped.parameters())
            buckets[cap] = [sum(params[i].numel() * params[i].element_size() for i in bucket)
                            for bucket in ddp.reducer.bucket_indices()]
            variants[f"ddp {cap}"] = _Step(ddp, x, y)
            variants[f"no_sync {cap}"] = _NoSyncStep(ddp, x, y, ddp)
            variants[f"after {cap}"] = _AllReduceAfterStep(ddp, x, y, ddp, comm, buckets[cap])
        times = _interleaved(comm, variants, iterations, repeats)
        for cap, sizes in buckets.items():
            mpi = sum(_allreduce_times(comm, b, iterations * 5, repeats)["mpi"] for b in sizes)
            # times per round: differences are taken within a round (see report())
            result["models"][f"{name} {cap}"] = dict(
                plain=times["plain"], ddp=times[f"ddp {cap}"],
                no_sync=times[f"no_sync {cap}"], after=times[f"after {cap}"],
                buckets=sizes, mpi=mpi)
        nbytes = sum(p.numel() * p.element_size() for p in plain.parameters())
        result["collectives"][f"{name} gradients"] = _allreduce_times(
            comm, nbytes, iterations * 5, repeats) | {"bytes": nbytes}
    for mb in SIZES_MB:
        result["collectives"][f"{mb} MB"] = _allreduce_times(
            comm, mb * 1024 * 1024, max(5, iterations * 5 // mb), repeats) | {
            "bytes": mb * 1024 * 1024}
    if rank == 0:
        with open(out, "w") as f:
            json.dump(result, f)
    dist.destroy_process_group()


# --------------------------------------------------------------------------- the report

def _run(world, quick):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "result.json")
        command = [sys.executable, "-m", "hookgrad.distributed.run", "--nproc-per-node",
                   str(world), os.path.abspath(__file__), "--worker", out]
        if quick:
            command.append("--quick")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [C.REPO_ROOT, os.environ.get("PYTHONPATH", "")]))
        subprocess.run(command, check=True, env=env)
        with open(out) as f:
            return json.load(f)


def _ms(seconds):
    return f"{seconds * 1e3:.2f} ms"


def _gbps(nbytes, seconds):
    return f"{nbytes / seconds / 1e9:.2f} GB/s" if seconds > 0 else "n/a"


def _median(values):
    return float(np.median(values))


def _paired(a, b):
    """Median over rounds of a - b (the two timed in the same round)."""
    return _median(np.subtract(a, b))


def report(one, two):
    rows = []
    for key in two["models"]:
        name, cap = key.split()
        label, batch = MODELS[name]
        a, b = one["models"][key], two["models"][key]
        overhead = max(_paired(a["ddp"], a["plain"]), 0.0)   # DDP's copies, on 1 rank
        exposed = max(_paired(b["ddp"], b["no_sync"]) - overhead, 0.0)
        after = max(_paired(b["after"], b["no_sync"]), 0.0)  # same all-reduces, no overlap
        hidden = min(max(1 - exposed / after, 0.0), 1.0) if after > 0 else float("nan")
        nbytes = sum(b["buckets"])
        caps = "default buckets" if cap == "None" else f"bucket_cap_mb={cap}"
        rows.append([f"{name} {label}, batch {batch}, {caps}", _ms(_median(a["plain"])),
                     _ms(_median(a["ddp"])), _ms(_median(b["ddp"])),
                     _ms(_median(b["no_sync"])),
                     f"{_median(a['plain']) / _median(b['ddp']):.2f}x",
                     f"{nbytes / 1e6:.2f} MB in {len(b['buckets'])}", _ms(b["mpi"]),
                     _ms(after), _ms(exposed), "n/a" if after <= 0 else f"{hidden:.0%}",
                     _gbps(nbytes, b["mpi"]),
                     _gbps(nbytes, exposed) if exposed > 0 else "all hidden"])
    C.print_table(["model", "1 rank", "1 rank DDP", "2 ranks DDP", "2 ranks no_sync",
                   "speed-up", "gradients", "MPI alone", "MPI after bwd", "DDP exposed",
                   "hidden", "MPI GB/s", "DDP GB/s"], rows,
                  title="Step time (median), all-reduce hidden behind backward")
    rows = []
    for key, value in two["collectives"].items():
        rows.append([key, _ms(value["mpi"]), _ms(value["hookgrad"]),
                     _gbps(value["bytes"], value["mpi"]),
                     _gbps(value["bytes"], value["hookgrad"])])
    C.print_table(["float32 all-reduce, 2 ranks", "mpi4py Allreduce", "dist.all_reduce",
                   "MPI GB/s", "hookgrad GB/s"], rows, title="Collectives alone")


def main():
    if "--worker" in sys.argv:
        worker(sys.argv[sys.argv.index("--worker") + 1], "--quick" in sys.argv)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="fast smoke run: short loops and few repeats (numbers are noisy)")
    parser.add_argument("--wait-idle", type=float, default=0, metavar="SECONDS",
                        help="first wait up to SECONDS for other processes to leave the CPUs "
                             "idle")
    args = parser.parse_args()
    import platform

    import mpi4py
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs; NumPy {np.__version__};"
          f" mpi4py {mpi4py.__version__}; OPENBLAS_NUM_THREADS="
          f"{os.environ.get('OPENBLAS_NUM_THREADS', 'unset')}")
    load = C.wait_for_idle(args.wait_idle) if args.wait_idle else C.background_load()
    print(C.load_note(load))
    one, two = _run(1, args.quick), _run(2, args.quick)
    report(one, two)


if __name__ == "__main__":
    main()
