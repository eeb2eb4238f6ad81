"""A script for the launcher tests: ``launch_target.py MODE TOKEN`` (TOKEN marks the
processes so the test can check none is left). The last rank fails in the way MODE says
while the others wait for it inside an all-reduce; in mode "wait" nothing fails and the
job waits until it is stopped from outside."""
import json
import os
import signal
import sys
import time

import layout_models  # noqa: F401  (a sibling module: the script's folder is on sys.path)

import hookgrad as torch
import hookgrad.distributed as dist

mode = sys.argv[1]
if mode == "early" and os.environ.get("RANK") == "0":
    sys.exit(4)   # before MPI starts on this rank
dist.init_process_group("mpi")
rank, world = dist.get_rank(), dist.get_world_size()
if mode == "ok":
    total = torch.tensor([rank + 1])
    dist.all_reduce(total)
    print(json.dumps({"rank": rank, "world": world, "env": [os.environ.get(k) for k in (
        "RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE")], "argv": sys.argv,
        "name": __name__, "sum": total.item(), "dtype": str(total.dtype)}), flush=True)
    dist.destroy_process_group()
    sys.exit(0)
if mode == "wait":   # every rank waits inside an all-reduce the last rank never joins
    print("waiting", flush=True)
    if rank == world - 1:
        time.sleep(60)
if rank == world - 1:
    time.sleep(0.5)   # the others are inside the all-reduce by now
    if mode == "raise":
        raise ValueError(f"boom on rank {rank}")
    if mode == "exit":
        sys.exit(3)
    if mode == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
dist.all_reduce(torch.ones(1))
time.sleep(60)   # never reached when the job is stopped as it should be
