"""Run on every rank by tests/distributed/test_ranks.py (and by hand:
``python -m hookgrad.distributed.run --nproc-per-node 2 tests/distributed/ranks/run_checks.py
OUT.json [NAME ...]``). Every check runs on every rank. After each one the ranks compare
notes over a communicator of their own; rank 0 rewrites OUT.json with, per check, None or
the errors of the ranks where it failed.

A check that fails on some ranks only can leave the others waiting inside a collective
the failing rank never joins: then the failing rank waits for them at most
HOOKGRAD_CHECK_TIMEOUT seconds (default 60), writes its error to OUT.json.rankN.err and
aborts the job, which the test reports."""
import json
import os
import sys
import time
import traceback

import checks_collectives  # noqa: F401  (each module registers its checks)
import checks_ddp  # noqa: F401
import checks_training  # noqa: F401
import numpy as np
from _common import CHECKS
from mpi4py import MPI

import hookgrad.distributed as dist

VERBOSE = bool(os.environ.get("HOOKGRAD_CHECKS_VERBOSE"))
TIMEOUT = float(os.environ.get("HOOKGRAD_CHECK_TIMEOUT", "60"))


def _compare_notes(harness, name, error, out):
    """Every rank's error for this check, or abort if some rank never gets here."""
    arrived = np.zeros(harness.Get_size(), dtype=np.int8)
    request = harness.Iallgather(np.ones(1, dtype=np.int8), arrived)
    deadline = time.monotonic() + TIMEOUT
    while not request.Test():
        if time.monotonic() > deadline:
            with open(f"{out}.rank{harness.Get_rank()}.err", "w") as f:
                f.write(f"{name}: the other ranks did not finish this check within "
                        f"{TIMEOUT:g} s (left waiting in a collective?)\n{error or ''}")
            MPI.COMM_WORLD.Abort(3)
        time.sleep(0.001)
    return harness.allgather(error)


def main():
    out, only = sys.argv[1], set(sys.argv[2:])
    dist.init_process_group("mpi")
    harness = MPI.COMM_WORLD.Dup()   # never matches a collective of the code under test
    rank = harness.Get_rank()
    results = {}
    for fn in CHECKS:
        if only and fn.__name__ not in only:
            continue
        if VERBOSE:
            print(f"[rank{rank}] {fn.__name__}", file=sys.stderr, flush=True)
        try:
            fn()
            error = None
        except Exception:  # noqa: BLE001  (reported by the test, per check)
            error = traceback.format_exc()
            if VERBOSE:
                print(f"[rank{rank}] {error}", file=sys.stderr, flush=True)
        errors = _compare_notes(harness, fn.__name__, error, out)
        results[fn.__name__] = {r: e for r, e in enumerate(errors) if e is not None} or None
        if rank == 0:
            with open(out, "w") as f:
                json.dump({"world_size": harness.Get_size(), "results": results}, f, indent=1)
    harness.Free()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
