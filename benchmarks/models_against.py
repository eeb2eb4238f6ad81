"""The model steps of ``_workloads.py`` in this checkout against other checkouts of hookgrad.

    python benchmarks/models_against.py ../base-a ../base-b     # W3-W7, one thread
    python benchmarks/models_against.py ../base --workloads W3,W7 --rounds 3 --threads 2

Each measurement is a fresh process that imports hookgrad from one checkout and the workloads
from this one (the same harness for all, also for checkouts that predate it), runs three
warm-up steps and then ``--steps`` timed ones, and reports the best and the median step in
thread CPU time. The checkouts take turns, round after round: on a shared machine only an
interleaved comparison is fair. Printed per workload: each checkout's best / median in ms,
and this checkout's change against each of the others."""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOADS = "W3,W4,W5,W6,W7"


def child(root, name, steps, threads):
    """One measurement: print the best and median step of ``name`` in thread CPU ms."""
    # (checkouts without set_num_threads take the BLAS thread count from the environment)
    os.environ["OPENBLAS_NUM_THREADS"] = os.environ["OMP_NUM_THREADS"] = str(threads)
    sys.path.insert(0, os.path.join(HERE, "benchmarks"))
    sys.path.insert(0, root)
    import hookgrad
    if hasattr(hookgrad, "set_num_threads"):
        hookgrad.set_num_threads(threads)
    import _workloads
    step, _model = _workloads.make_workload(hookgrad, name)
    for _ in range(3):
        step()
    times = []
    for _ in range(steps):
        start = time.thread_time()
        step()
        times.append(time.thread_time() - start)
    times.sort()
    print(f"{times[0] * 1e3:.4f} {times[len(times) // 2] * 1e3:.4f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("others", nargs="+", help="checkouts of hookgrad to compare against")
    parser.add_argument("--workloads", default=WORKLOADS)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--child", nargs=2, metavar=("ROOT", "WORKLOAD"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(os.path.abspath(args.child[0]), args.child[1], args.steps, args.threads)
    roots = [os.path.abspath(r) for r in args.others] + [HERE]
    names = args.workloads.split(",")
    results = {(name, root): [] for name in names for root in roots}
    for _ in range(args.rounds):
        for name in names:
            for root in roots:
                out = subprocess.run(
                    [sys.executable, __file__, "--child", root, name, "--steps", str(args.steps),
                     "--threads", str(args.threads), root], capture_output=True, text=True)
                if out.returncode:
                    sys.exit(f"{name} in {root} failed:\n{out.stderr}")
                results[(name, root)].append(tuple(map(float, out.stdout.split())))
    print(f"{args.threads} thread(s), {args.rounds} rounds of {args.steps} steps; "
          "best / median ms per step (thread CPU time)")
    for name in names:
        best = {r: min(x[0] for x in results[(name, r)]) for r in roots}
        median = {r: sorted(x[1] for x in results[(name, r)])[args.rounds // 2] for r in roots}
        cells = [f"{os.path.basename(r) or r} {best[r]:.2f} / {median[r]:.2f}" for r in roots]
        changes = [f"{(best[HERE] / best[r] - 1) * 100:+.0f}% / "
                   f"{(median[HERE] / median[r] - 1) * 100:+.0f}% vs {os.path.basename(r)}"
                   for r in roots[:-1]]
        print(f"{name}: " + ", ".join(cells) + " | this checkout " + ", ".join(changes))


if __name__ == "__main__":
    main()
