"""Per-op overhead: forward with recording plus backward, on small tensors, op by op.

    python benchmarks/ops.py                      # this checkout: microseconds per op
    python benchmarks/ops.py --against ../base    # interleaved with another checkout

Each row times ``op(x).sum().backward()`` on 8-element float32 leaves (``x.grad`` reset each
time; no ``.sum()`` for a 0-d result; the row ``sum`` alone is the fixed part), taking the
minimum over repeats of the mean of a batch: the per-op Python cost (node creation, saving,
the engine's visit, the backward formula), not NumPy's arithmetic.
Rows named ``...(no grad)`` time the forward alone under ``no_grad``.

With ``--against DIR`` the script runs itself in subprocesses alternately on DIR and on this
checkout (``--rounds`` times each) and prints both minima and their ratio: on a shared
machine only an interleaved comparison is fair."""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def workloads(torch):
    x = torch.rand(8, requires_grad=True)
    w = torch.rand(8, requires_grad=True)
    m = torch.rand(4, 4, requires_grad=True)
    n = torch.rand(4, 4, requires_grad=True)
    p = torch.rand(2, 4, requires_grad=True)
    c = torch.rand(8) > 0.5

    def inplace_add(x):
        y = x * 1
        y.add_(w)
        return y

    rows = {
        "exp": lambda: x.exp(), "torch.exp": lambda: torch.exp(x), "log": lambda: x.log(),
        "sin": lambda: x.sin(), "tanh": lambda: x.tanh(), "sigmoid": lambda: x.sigmoid(),
        "relu": lambda: x.relu(), "sqrt": lambda: x.sqrt(), "abs": lambda: x.abs(),
        "neg": lambda: -x, "asinh": lambda: x.asinh(), "expm1": lambda: x.expm1(),
        "x + w": lambda: x + w, "x * w": lambda: x * w, "x - w": lambda: x - w,
        "x / w": lambda: x / w, "x * 2.0": lambda: x * 2.0, "x ** 2": lambda: x ** 2,
        "torch.add alpha": lambda: torch.add(x, w, alpha=2), "maximum": lambda: x.maximum(w),
        "where": lambda: torch.where(c, x, w), "clamp": lambda: x.clamp(0.2, 0.8),
        "sum": lambda: x.sum(), "sum(0)": lambda: m.sum(0), "mean": lambda: x.mean(),
        "amax(1)": lambda: m.amax(1), "var": lambda: x.var(), "softmax": lambda: m.softmax(1),
        "view": lambda: m.view(16), "transpose": lambda: m.transpose(0, 1),
        "unsqueeze": lambda: x.unsqueeze(0), "x[1:]": lambda: x[1:], "m[0]": lambda: m[0],
        "expand": lambda: p[:1].expand(3, 4), "mm": lambda: m.mm(n), "m @ n": lambda: m @ n,
        "cat": lambda: torch.cat([m, n]), "add_ (non-leaf)": lambda: inplace_add(x),
    }
    return rows, (x, w, m, n, p)


def measure(batch, repeats):
    import hookgrad as torch
    rows, leaves = workloads(torch)
    result = {}
    for name, fn in rows.items():
        scalar = fn().dim() == 0
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            for _ in range(batch):
                for leaf in leaves:
                    leaf.grad = None
                (fn() if scalar else fn().sum()).backward()
            best = min(best, (time.perf_counter() - start) / batch)
        result[name] = best * 1e6
        with torch.no_grad():
            best = float("inf")
            for _ in range(repeats):
                start = time.perf_counter()
                for _ in range(batch):
                    fn()
                best = min(best, (time.perf_counter() - start) / batch)
        result[name + " (no grad)"] = best * 1e6
    return result


def _run(checkout, batch, repeats):
    env = dict(os.environ, PYTHONPATH=checkout, OPENBLAS_NUM_THREADS="1")
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--json", "--batch",
                          str(batch), "--repeats", str(repeats)], env=env, cwd=checkout,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="another checkout to compare with, interleaved")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(measure(args.batch, args.repeats)))
        return
    if not args.against:
        sys.path.insert(0, HERE)
        for name, us in measure(args.batch, args.repeats).items():
            print(f"{name:28} {us:8.2f} us")
        return
    best = {"other": {}, "this": {}}
    for _ in range(args.rounds):
        for label, checkout in (("other", os.path.abspath(args.against)), ("this", HERE)):
            for name, us in _run(checkout, args.batch, args.repeats).items():
                best[label][name] = min(us, best[label].get(name, float("inf")))
    print(f"{'op':28} {'other us':>9} {'this us':>9} {'this/other':>10}")
    for name in best["this"]:
        other, this = best["other"].get(name), best["this"][name]
        ratio = f"{this / other:10.3f}" if other else ""
        print(f"{name:28} {other or float('nan'):9.2f} {this:9.2f} {ratio}")


if __name__ == "__main__":
    main()
