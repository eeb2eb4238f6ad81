"""Peak resident memory of W6 training in one library, for ``models.py`` (run as a child
process so that each library is measured alone).

    python benchmarks/_rss_child.py hookgrad|torch [steps]

Builds W6 with that library's own initialisation (the other library is never imported),
runs the training steps, and prints JSON: the resident set after building and the peak,
in MB (Linux)."""
import json
import os
import resource
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(lib_name, steps):
    if lib_name == "torch":
        import torch as lib
    else:
        import hookgrad as lib
    from benchmarks import _workloads as W
    make, batch, optimizer, _ = W.WORKLOADS["W6"]
    step, _ = W.make_train_step(lib, make, batch(), optimizer, model=make(lib))
    with open("/proc/self/status") as f:
        built = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    for _ in range(steps):
        step()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux
    print(json.dumps({"built_mb": built / 1024, "peak_mb": peak / 1024}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
