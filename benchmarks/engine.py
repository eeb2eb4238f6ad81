"""Autograd engine micro-benchmarks: hookgrad side by side with PyTorch (when installed).

    python benchmarks/engine.py                  # full run (~30 s on an idle machine)
    python benchmarks/engine.py --quick          # smoke run, noisy numbers
    python benchmarks/engine.py --wait-idle 600  # first wait for other processes to finish

Rows (times are medians per iteration; ratio = hookgrad / PyTorch, lower is better):

* W1  per-op overhead: ``(a*b + a).sum()`` forward + backward, 1-element float32 leaves
  ``a``, ``b`` (``.grad = None`` before every iteration).
* W2  ``((x*y).exp() + x).mean()`` forward + backward, 1e6-element float32 leaves.
* hook: extra time per iteration of ``c.register_hook(fn)`` on the intermediate ``c = a*b``
  of W1 (``fn`` returns None) and of it firing, against the same graph without the hook;
  the median over repeats of the paired difference, in microseconds.

A reference row times W1 in a minimal Python autograd (``benchmarks/_minimal_autograd.py``:
ops record inputs and a formula, backward sorts and accumulates; no hooks, version counters,
dtype or shape checks, grad modes or thread safety): roughly the floor of any autograd
written in Python. Another times W2 written by hand in NumPy (the same forward and backward
passes, no autograd): roughly what single-threaded NumPy needs for this work, while PyTorch
runs its elementwise kernels on all cores. (Not a hard floor: reusing dead buffers in place, as in
``np.exp(p, out=p)``, is 10-20% faster still, because 4 MB arrays then stay in cache.)

PyTorch keeps its default intra-op thread count here (the W2 target assumes it).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np

import hookgrad
from benchmarks import _common as C
from benchmarks import _minimal_autograd

W2_SIZE = 1_000_000

TARGETS = {  # printed next to each row; the checks are in main()
    "W1": "≤ 0.50",
    "W2": "≤ 1.60",
    "hook": "< PyTorch (14–20 µs)",
}


def noop_hook(grad):
    return None


# --------------------------------------------------------------------------- workloads

def leaves(lib, arrays):
    """Fresh leaf tensors of ``lib`` (hookgrad or torch) holding copies of ``arrays``."""
    return [lib.from_numpy(a.copy()).requires_grad_() for a in arrays]


def w1_arrays():
    return [np.array([1.5], dtype=np.float32), np.array([-0.75], dtype=np.float32)]


def w2_arrays():
    rng = np.random.default_rng(0)
    return [rng.uniform(-1, 1, W2_SIZE).astype(np.float32) for _ in range(2)]


def make_w1(lib):
    a, b = leaves(lib, w1_arrays())

    def step():
        a.grad = None
        b.grad = None
        (a * b + a).sum().backward()
    return step, (a, b)


def make_w1_minimal():
    """W1 in the minimal autograd of ``_minimal_autograd.py`` (the Python floor)."""
    a, b = (_minimal_autograd.Value(x) for x in w1_arrays())

    def step():
        a.grad = None
        b.grad = None
        (a * b + a).sum().backward()
    return step, (a, b)


def make_w1_hook(lib, hook=noop_hook):
    """W1 with a tensor hook registered on the intermediate ``c = a*b`` every iteration;
    with ``hook=None`` the very same code without the ``register_hook`` call."""
    a, b = leaves(lib, w1_arrays())

    if hook is None:
        def step():
            a.grad = None
            b.grad = None
            c = a * b
            (c + a).sum().backward()
    else:
        def step():
            a.grad = None
            b.grad = None
            c = a * b
            c.register_hook(hook)
            (c + a).sum().backward()
    return step, (a, b)


def make_w2(lib):
    x, y = leaves(lib, w2_arrays())

    def step():
        x.grad = None
        y.grad = None
        ((x * y).exp() + x).mean().backward()
    return step, (x, y)


def make_w2_numpy():
    """W2's forward and backward written directly in NumPy (the single-threaded reference)."""
    x, y = w2_arrays()
    out = {}

    def step():
        e = np.exp(x * y)
        loss = (e + x).mean()
        g = np.float32(1.0 / x.size)  # d loss / d (e + x), broadcast
        ge = e * g                     # through exp
        gx = ge * y                    # through x*y ...
        gx += g                        # ... plus the direct "+ x" path
        gy = ge * x
        out["loss"], out["gx"], out["gy"] = loss, gx, gy
    return step, out


# --------------------------------------------------------------------------- checks

def check(torch):
    """Gradients agree with PyTorch (or with NumPy) and the hook fires once per backward."""
    problems = []
    for name, make in (("W1", make_w1), ("W2", make_w2)):
        step, hg_leaves = make(hookgrad)
        step()
        if torch is not None:
            tstep, t_leaves = make(torch)
            tstep()
            for h, t in zip(hg_leaves, t_leaves):
                if not np.allclose(h.grad.numpy(), t.grad.numpy(), rtol=1e-5, atol=1e-7):
                    problems.append(f"{name}: hookgrad and PyTorch gradients differ")
        if name == "W1":
            mstep, m_leaves = make_w1_minimal()
            mstep()
            if not all(np.allclose(h.grad.numpy(), m.grad, rtol=1e-6)
                       for h, m in zip(hg_leaves, m_leaves)):
                problems.append("W1: hookgrad and the minimal autograd differ")
        if name == "W2":
            nstep, ref = make_w2_numpy()
            nstep()
            if not (np.allclose(hg_leaves[0].grad.numpy(), ref["gx"], rtol=1e-5, atol=1e-9)
                    and np.allclose(hg_leaves[1].grad.numpy(), ref["gy"], rtol=1e-5, atol=1e-9)):
                problems.append("W2: hookgrad and the NumPy reference differ")
    for lib in (hookgrad, torch):
        if lib is None:
            continue
        calls = []

        def counting_hook(grad, calls=calls):
            calls.append(grad.shape)

        step, _ = make_w1_hook(lib, hook=counting_hook)
        step()
        step()
        if len(calls) != 2:
            problems.append(f"hook fired {len(calls)} times in 2 backward passes "
                            f"({lib.__name__})")
    return problems


# --------------------------------------------------------------------------- main

def status(ok, *cases):
    """ok / MISS against the target; "?" appended when a case behind the row had fewer than
    3 clean loops (its median then includes loops slowed down by other processes)."""
    if ok is None:
        return "-"
    text = "ok" if ok else "MISS"
    return text + "?" if any(c is not None and c.n_clean < 3 for c in cases) else text


def main(argv=None):
    args = C.make_parser(__doc__.splitlines()[0]).parse_args(argv)
    settings = C.Settings.from_args(args)
    torch = C.import_torch(disabled=args.no_torch)

    print("hookgrad engine benchmark" + (" (--quick: smoke run, noisy)" if args.quick else ""))
    C.print_environment(torch)
    problems = check(torch)
    print("checks: " + ("gradients match, hooks fire" if not problems else "; ".join(problems)))
    if args.wait_idle:
        C.wait_for_idle(args.wait_idle)
    print("before timing, " + C.load_note(C.background_load()))
    print(f"timing: median of {settings.repeats} clean loops of ~{settings.loop_time * 1e3:.0f} "
          f"ms per case (a loop is clean if other processes used <= "
          f"{settings.max_load * 100:.0f}% of the CPUs); sleep {C.SWITCH_SLEEP} s on every "
          "NumPy <-> PyTorch switch")
    print()

    # Each group is timed on its own, its cases interleaved.
    groups = {
        "W1": [C.Case("W1 hookgrad", "numpy", make_w1(hookgrad)[0]),
               C.Case("W1 minimal Python autograd", "numpy", make_w1_minimal()[0])],
        "W2": [C.Case("W2 hookgrad", "numpy", make_w2(hookgrad)[0]),
               C.Case("W2 NumPy by hand", "numpy", make_w2_numpy()[0])],
        "hook": [C.Case("W1 hookgrad, no hook", "numpy", make_w1_hook(hookgrad, None)[0]),
                 C.Case("W1 hookgrad, + hook", "numpy", make_w1_hook(hookgrad)[0])],
    }
    if torch is not None:
        groups["W1"].append(C.Case("W1 PyTorch", "torch", make_w1(torch)[0]))
        groups["W2"].append(C.Case("W2 PyTorch", "torch", make_w2(torch)[0]))
        groups["hook"] += [C.Case("W1 PyTorch, no hook", "torch", make_w1_hook(torch, None)[0]),
                           C.Case("W1 PyTorch, + hook", "torch", make_w1_hook(torch)[0])]

    for name, cases in groups.items():
        print(f"timing {name} ...", flush=True)
        C.run_cases(cases, settings)
    print("after timing, " + C.load_note(C.background_load()))
    print()

    by = {c.name: c for cases in groups.values() for c in cases}
    t = torch is not None

    def med(name):
        return by[name].median if name in by else None

    hg_w1, pt_w1 = med("W1 hookgrad"), med("W1 PyTorch")
    min_w1 = med("W1 minimal Python autograd")
    hg_w2, pt_w2, np_w2 = med("W2 hookgrad"), med("W2 PyTorch"), med("W2 NumPy by hand")
    hg_hook = C.paired_diff(by["W1 hookgrad, + hook"], by["W1 hookgrad, no hook"])
    pt_hook = C.paired_diff(by["W1 PyTorch, + hook"], by["W1 PyTorch, no hook"]) if t else None

    r_w1, r_w2, r_hook = C.ratio(hg_w1, pt_w1), C.ratio(hg_w2, pt_w2), C.ratio(hg_hook, pt_hook)
    hook_cases = groups["hook"]
    rows = [
        ["W1 (a*b + a).sum() fwd+bwd, 1 elem", C.fmt_time(hg_w1), C.fmt_time(pt_w1),
         C.fmt_ratio(r_w1), TARGETS["W1"],
         status(None if r_w1 is None else r_w1 <= 0.5, *groups["W1"])],
        ["  ref: W1 in a minimal Python autograd", C.fmt_time(min_w1), C.fmt_time(pt_w1),
         C.fmt_ratio(C.ratio(min_w1, pt_w1)), "(floor)", ""],
        ["W2 ((x*y).exp() + x).mean() fwd+bwd, 1e6", C.fmt_time(hg_w2), C.fmt_time(pt_w2),
         C.fmt_ratio(r_w2), TARGETS["W2"],
         status(None if r_w2 is None else r_w2 <= 1.6, by["W2 hookgrad"], by.get("W2 PyTorch"))],
        ["  ref: W2 in NumPy by hand (1 thread)", C.fmt_time(np_w2), C.fmt_time(pt_w2),
         C.fmt_ratio(C.ratio(np_w2, pt_w2)), "(floor)", ""],
        ["tensor hook: register + fire, per iter", C.fmt_us(hg_hook), C.fmt_us(pt_hook),
         C.fmt_ratio(r_hook), TARGETS["hook"],
         status(None if pt_hook is None else hg_hook < pt_hook, *hook_cases)],
    ]
    headers = ["workload", "hookgrad", "PyTorch" if t else "PyTorch (n/a)",
               "ratio", "target", "status"]
    C.print_table(headers, rows, title="Results (median per iteration; ratio = hookgrad / "
                                       "PyTorch, lower is better)")
    print()

    # Cross-check that other processes cannot inflate: CPU time of the timing thread. Valid
    # for W1 and the hook rows (PyTorch runs 1-element autograd on the calling thread), not
    # for W2, where PyTorch's intra-op threads do the work.
    cw1_hg, cw1_pt = by["W1 hookgrad"].cpu_median, t and by["W1 PyTorch"].cpu_median or None
    ch_hg = C.paired_cpu_diff(by["W1 hookgrad, + hook"], by["W1 hookgrad, no hook"])
    ch_pt = C.paired_cpu_diff(by["W1 PyTorch, + hook"], by["W1 PyTorch, no hook"]) if t else None
    C.print_table(
        ["single-threaded rows by thread CPU time", "hookgrad", "PyTorch", "ratio"],
        [["W1 (a*b + a).sum() fwd+bwd, 1 elem", C.fmt_time(cw1_hg), C.fmt_time(cw1_pt),
          C.fmt_ratio(C.ratio(cw1_hg, cw1_pt))],
         ["tensor hook: register + fire, per iter", C.fmt_us(ch_hg), C.fmt_us(ch_pt),
          C.fmt_ratio(C.ratio(ch_hg, ch_pt))]],
        title="Cross-check (median CPU time of the timing thread; robust to other processes)")
    print()
    all_cases = [c for cases in groups.values() for c in cases]
    C.print_case_details(all_cases, title="Detail (spread: half-range of the used loops around "
                                          "the median; bg load: others' mean CPU share)")
    short = [c.name for c in all_cases if c.n_clean < settings.repeats]
    if short:
        print(f"\n** noisy: fewer than {settings.repeats} clean loops for: {', '.join(short)}; "
              "a status with '?' rests on loads of other processes; rerun on an idle machine "
              "(--wait-idle 600) **")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
