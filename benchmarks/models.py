"""Model-level benchmarks: hookgrad side by side with PyTorch (when installed).

    python benchmarks/models.py               # full run (several minutes)
    python benchmarks/models.py --quick       # smoke run, noisy numbers
    python benchmarks/models.py --only W6     # some workloads only (comma-separated)

Rows (times are medians per iteration; ratio = hookgrad / PyTorch, lower is better):

* W3-W7 (defined in ``benchmarks/_workloads.py``), each at both libraries' defaults (what a
  user gets: hookgrad's thread count and NumPy's OpenBLAS as they start, PyTorch's intra-op
  threads) and with one thread each (``hookgrad.set_num_threads(1)``, which also sets
  OpenBLAS', and ``torch.set_num_threads(1)``). All eight cases of a workload are timed
  interleaved in one group; the thread settings change between cases.
* Floors: W3's eight matrix products and W6's convolution GEMMs (with the shapes and on the
  threads hookgrad's convolutions give them) alone in NumPy, as ratios to PyTorch's whole
  step; and NumPy's SGEMM rate on 1024^3 (the GEMM peak any NumPy engine has here), next to
  the GFLOP/s W6's convolutions reach in each library (W6's conv FLOPs / step time).
* Peak RSS of W6 training (5 steps) for each library, each in a fresh child process.
* Engine rows, at defaults: ``nn.Identity()`` calls with 0, 1 and 5 no-op forward hooks, and
  a stack of 20 ``nn.Linear(64, 64)`` forward + backward at batch 8 with and without a no-op
  full backward hook on every layer.

Both libraries start from the same weights (hookgrad's initialisation, copied into PyTorch
through NumPy) and the same data.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np

import hookgrad
from benchmarks import _common as C
from benchmarks import _workloads as W
from hookgrad import _blas, _parallel

STACK_DEPTH, STACK_WIDTH, STACK_BATCH = 20, 64, 8
CALLS_PER_ITER = 100  # module calls per timed iteration (keeps loop overhead negligible)
PEAK_SIZE = 1024      # NumPy GEMM peak: float32 (n, n) @ (n, n)
RSS_STEPS = 5
MODES = ("defaults", "1 thread")
NUMPY_BLAS_DEFAULT = _blas.get_threads()  # before hookgrad's pool sets it (first use)
TARGET = 1.0          # W3-W7: at most PyTorch's time, in both modes
PEAK_FACTOR = 2.0     # W6's GFLOP/s within this factor of the NumPy GEMM peak


# --------------------------------------------------------------------------- thread settings

class Threads:
    """Each library's thread setting at start (its defaults) and switches between modes.

    hookgrad's defaults are restored without ``set_num_threads``: the pool size and
    OpenBLAS' count are put back as hookgrad's pool left them (one BLAS thread when the pool
    has more: it splits products itself). The NumPy references (W3's GEMMs, the GEMM peak)
    run at NumPy's own defaults: OpenBLAS as it started, threading each product itself."""

    def __init__(self, torch):
        self.torch = torch
        self.numpy_blas_default = NUMPY_BLAS_DEFAULT
        self.hookgrad_default = hookgrad.get_num_threads()
        self.blas_default = _blas.get_threads()
        self.torch_default = torch.get_num_threads() if torch is not None else None
        self.setups = {(lib, mode): self._setup(lib, mode)
                       for lib in ("numpy", "blas", "torch") for mode in MODES}

    def _setup(self, lib, mode):
        if lib == "torch":
            n = self.torch_default if mode == "defaults" else 1
            return lambda: self.torch.set_num_threads(n)
        if mode != "defaults":
            return lambda: hookgrad.set_num_threads(1)
        return self.restore_hookgrad if lib == "numpy" else self.numpy_defaults

    def restore_hookgrad(self):
        _parallel._pool.num_threads = self.hookgrad_default
        if self.blas_default is not None:
            _blas.set_threads(self.blas_default)

    def numpy_defaults(self):
        _parallel._pool.num_threads = self.hookgrad_default
        if self.numpy_blas_default is not None:
            _blas.set_threads(self.numpy_blas_default)

    def describe(self):
        pt = "n/a" if self.torch is None else self.torch_default

        def known(n):
            return "?" if n is None else n
        return (f"defaults: hookgrad {self.hookgrad_default} threads (NumPy's OpenBLAS "
                f"{known(self.blas_default)} inside), NumPy references with OpenBLAS "
                f"{known(self.numpy_blas_default)}, PyTorch {pt} intra-op; '1 thread': "
                "hookgrad.set_num_threads(1) (OpenBLAS 1), torch.set_num_threads(1)")


def noop_forward_hook(module, args, output):
    return None


def noop_backward_hook(module, grad_input, grad_output):
    return None


# --------------------------------------------------------------------------- reference cases

def make_mlp_gemm_floor():
    """The W3 step's matrix products alone, in NumPy: 3 forward, 5 backward."""
    rng = np.random.default_rng(4)

    def a(*shape):
        return rng.standard_normal(shape).astype(np.float32)
    x = a(W.MLP_BATCH, 784)
    w1, w2, w3 = a(256, 784), a(256, 256), a(10, 256)
    g3, g2, g1 = a(W.MLP_BATCH, 10), a(W.MLP_BATCH, 256), a(W.MLP_BATCH, 256)

    def step():
        h1 = x @ w1.T          # forward
        h2 = h1 @ w2.T
        out = h2 @ w3.T
        dw3 = g3.T @ h2        # backward: weight gradients and the inputs' gradients
        dh2 = g3 @ w3
        dw2 = g2.T @ h1
        dh1 = g2 @ w2
        dw1 = g1.T @ x
        return out, dw3, dh2, dw2, dh1, dw1
    return step


def make_gemm_peak():
    rng = np.random.default_rng(9)
    a = rng.standard_normal((PEAK_SIZE, PEAK_SIZE)).astype(np.float32)
    b = rng.standard_normal((PEAK_SIZE, PEAK_SIZE)).astype(np.float32)
    return lambda: a @ b


def make_calls(lib, n_hooks):
    """``CALLS_PER_ITER`` calls of an ``nn.Identity()`` carrying ``n_hooks`` no-op forward
    hooks."""
    module = lib.nn.Identity()
    for _ in range(n_hooks):
        module.register_forward_hook(noop_forward_hook)
    x = lib.from_numpy(np.ones((8, 64), dtype=np.float32))

    def run():
        for _ in range(CALLS_PER_ITER):
            module(x)
    return run


def make_stack(lib):
    nn = lib.nn
    return nn.Sequential(*[nn.Linear(STACK_WIDTH, STACK_WIDTH) for _ in range(STACK_DEPTH)])


def make_stack_step(lib, hooked):
    """Forward + backward of the 20-layer Linear stack, a no-op full backward hook on every
    layer when ``hooked``."""
    model = W.build(lib, make_stack)
    if hooked:
        for layer in model:
            layer.register_full_backward_hook(noop_backward_hook)
    x = lib.from_numpy(np.random.default_rng(3).standard_normal(
        (STACK_BATCH, STACK_WIDTH)).astype(np.float32)).requires_grad_()

    def step():
        x.grad = None
        model.zero_grad()
        model(x).sum().backward()
    return step


# --------------------------------------------------------------------------- checks

def check(torch, names):
    """Same losses (outputs) and gradients in both libraries, at one thread and at the
    defaults; hooks fire as often as they should."""
    problems = []
    for name in names:
        h_loss, h_grads = W.loss_and_grads(hookgrad, name)
        if not np.all(np.isfinite(h_loss)):
            problems.append(f"{name}: hookgrad's result is not finite")
        if torch is None:
            continue
        t_loss, t_grads = W.loss_and_grads(torch, name)
        if not np.allclose(h_loss, t_loss, rtol=1e-4, atol=1e-5):
            problems.append(f"{name}: results differ")
        if not all(np.allclose(a, b, rtol=1e-3, atol=1e-5) for a, b in zip(h_grads, t_grads)):
            problems.append(f"{name}: gradients differ")
    for lib in (hookgrad, torch):
        if lib is None:
            continue
        seen = []
        module = lib.nn.Identity()
        for _ in range(5):
            module.register_forward_hook(lambda m, a, o, seen=seen: seen.append(1))
        module(lib.zeros(2))
        if len(seen) != 5:
            problems.append(f"{lib.__name__}: {len(seen)} of 5 forward hooks fired")
        fired = []
        model = W.build(lib, make_stack)
        for layer in model:
            layer.register_full_backward_hook(lambda m, gi, go, fired=fired: fired.append(1))
        model(lib.ones(STACK_BATCH, STACK_WIDTH).requires_grad_()).sum().backward()
        if len(fired) != STACK_DEPTH:
            problems.append(f"{lib.__name__}: {len(fired)} of {STACK_DEPTH} full backward "
                            "hooks fired")
    return problems


# --------------------------------------------------------------------------- peak RSS

def peak_rss(lib_name):
    """``(MB after building, peak MB)`` of W6 training in a child process
    (``benchmarks/_rss_child.py``), or None."""
    child = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_rss_child.py")
    try:
        out = subprocess.run([sys.executable, child, lib_name, str(RSS_STEPS)],
                             capture_output=True, text=True, timeout=600, check=True).stdout
        result = json.loads(out.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None
    return result["built_mb"], result["peak_mb"]


# --------------------------------------------------------------------------- output helpers
# (also used by benchmarks/lens.py)

def status(ok):
    return "-" if ok is None else ("ok" if ok else "MISS")


def thread_note(blas, torch_threads, requested):
    pt = "n/a" if torch_threads is None else torch_threads
    return (f"threads: NumPy/OpenBLAS (hookgrad) = {blas if blas is not None else '?'}, "
            f"PyTorch intra-op = {pt} (both set to --threads {requested}; "
            f"${C.THREADS_ENV} sets the default, 1)")


def print_header(title, args, settings, torch, blas, torch_threads):
    print(title + (" (--quick: smoke run, noisy)" if args.quick else ""))
    C.print_environment(torch)
    print(thread_note(blas, torch_threads, args.threads))


def page_faults(fn, n=10):
    """Minor page faults per call of ``fn`` over ``n`` calls (None where unavailable).

    Large temporaries (im2col columns, ...) that glibc hands back to the OS fault in again on
    every use; in a VM that costs milliseconds per step, and whether it happens depends on
    the process' allocation history, so it is worth printing next to the timings."""
    try:
        import resource
    except ImportError:
        return None
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(n):
        fn()
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / n


def print_fault_note(cases, n=10):
    """One line: minor page faults per iteration of each case, measured after timing."""
    parts = []
    for case in cases:
        C.use(case.lib, case.setup)
        faults = page_faults(case.fn, n)
        if faults is None:
            return
        parts.append(f"{case.name} {faults:.0f}")
    print(f"minor page faults per iteration ({n} extra iterations after timing; hundreds mean "
          "large temporaries are re-faulted every step, inflating that case): "
          + ", ".join(parts))


def print_timing_note(settings):
    print(f"timing: median of {settings.repeats} clean loops of ~{settings.loop_time * 1e3:.0f} "
          f"ms per case (a loop is clean if other processes used <= "
          f"{settings.max_load * 100:.0f}% of the CPUs); sleep {C.SWITCH_SLEEP} s on every "
          "library or thread-setting switch")


# --------------------------------------------------------------------------- main

def workload_cases(name, torch, threads):
    """hookgrad and PyTorch (and the floors) of one workload, in both modes."""
    cases = []
    for mode in MODES:
        setup = threads.setups[("numpy", mode)]
        cases.append(C.Case(f"{name} hookgrad, {mode}", "numpy",
                            W.make_workload(hookgrad, name)[0], setup))
        if name == "W3":
            cases.append(C.Case(f"W3 GEMMs in NumPy, {mode}", "numpy", make_mlp_gemm_floor(),
                                threads.setups[("blas", mode)]))
        if name == "W6":
            cases.append(C.Case(f"W6 GEMMs in NumPy, {mode}", "numpy",
                                W.make_resnet_gemm_floor(), setup))
            cases.append(C.Case(f"GEMM peak, {mode}", "numpy", make_gemm_peak(),
                                threads.setups[("blas", mode)]))
        if torch is not None:
            cases.append(C.Case(f"{name} PyTorch, {mode}", "torch",
                                W.make_workload(torch, name)[0],
                                threads.setups[("torch", mode)]))
    return cases


def engine_cases(torch, threads):
    groups = {"module call": [], "full backward hooks": []}
    for lib, label in ((hookgrad, "hookgrad"), (torch, "PyTorch")):
        if lib is None:
            continue
        key = "numpy" if lib is hookgrad else "torch"
        setup = threads.setups[(key, "defaults")]
        groups["module call"] += [C.Case(f"call x{CALLS_PER_ITER}, {n} hooks, {label}", key,
                                         make_calls(lib, n), setup) for n in (0, 1, 5)]
        groups["full backward hooks"] += [
            C.Case(f"stack {label}, no hooks", key, make_stack_step(lib, False), setup),
            C.Case(f"stack {label}, hooks", key, make_stack_step(lib, True), setup)]
    return groups


def result_rows(by, names):
    def med(name):
        return by[name].median if name in by else None

    def pair(label, hg_name, pt_name, ok):
        row = [label]
        for mode in MODES:
            hg, pt = med(f"{hg_name}, {mode}"), med(f"{pt_name}, {mode}")
            r = C.ratio(hg, pt)
            row += [C.fmt_time(hg), C.fmt_time(pt), C.fmt_ratio(r)]
            row.append(status(None if r is None or ok is None else ok(r)))
        return row

    rows = []
    for name in names:
        rows.append(pair(f"{name} {W.WORKLOADS[name][3]}", f"{name} hookgrad",
                         f"{name} PyTorch", lambda r: r <= TARGET))
        if name == "W3":
            rows.append(pair("  ref: its 8 GEMMs alone in NumPy", "W3 GEMMs in NumPy",
                             "W3 PyTorch", None))
        if name == "W6":
            rows.append(pair("  ref: its conv GEMMs alone in NumPy", "W6 GEMMs in NumPy",
                             "W6 PyTorch", None))
    return rows


def flops_rows(by):
    """W6's conv GFLOP/s in each library next to the NumPy GEMM peak."""
    flops = W.resnet_conv_flops()
    rows = []
    for mode in MODES:
        rates = {}
        for name in ("W6 hookgrad", "W6 PyTorch", "W6 GEMMs in NumPy"):
            case = by.get(f"{name}, {mode}")
            rates[name] = None if case is None else flops / case.median / 1e9
        peak_case = by.get(f"GEMM peak, {mode}")
        peak = None if peak_case is None else 2 * PEAK_SIZE ** 3 / peak_case.median / 1e9
        hg, pt, floor = rates["W6 hookgrad"], rates["W6 PyTorch"], rates["W6 GEMMs in NumPy"]
        ok = None if hg is None or peak is None else peak / hg <= PEAK_FACTOR
        rows.append([mode, *(("-" if v is None else f"{v:.1f}") for v in (hg, pt, floor, peak)),
                     C.fmt_ratio(C.ratio(peak, hg)), status(ok)])
    return rows


def engine_rows(by):
    def med(name):
        return by[name].median if name in by else None

    def call(n, lib):
        m = med(f"call x{CALLS_PER_ITER}, {n} hooks, {lib}")
        return None if m is None else m / CALLS_PER_ITER

    def stack_extra(lib):
        w, wo = f"stack {lib}, hooks", f"stack {lib}, no hooks"
        return C.paired_diff(by[w], by[wo]) / STACK_DEPTH if w in by else None

    def row(label, hg, pt, target, ok, fmt=C.fmt_time):
        r = C.ratio(hg, pt)
        return [label, fmt(hg), fmt(pt), C.fmt_ratio(r), target,
                status(None if r is None else ok(r))]

    rows = [row(f"module call, {n} forward hook{'s' if n != 1 else ''} (per call)",
                call(n, "hookgrad"), call(n, "PyTorch"), "< PyTorch", lambda r: r < 1,
                C.fmt_us) for n in (0, 1, 5)]
    rows += [
        row(f"{STACK_DEPTH}x Linear(64,64) fwd+bwd, b{STACK_BATCH}, no hooks",
            med("stack hookgrad, no hooks"), med("stack PyTorch, no hooks"), "-",
            lambda r: None),
        row("  same, full backward hook on every layer", med("stack hookgrad, hooks"),
            med("stack PyTorch, hooks"), "-", lambda r: None),
        row("  extra per hooked module", stack_extra("hookgrad"), stack_extra("PyTorch"),
            "≤ 1/3 PyTorch", lambda r: r <= 1 / 3, C.fmt_us),
    ]
    return rows


def main(argv=None):
    parser = C.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(W.WORKLOADS),
                        help="workloads to time, comma-separated (default: all)")
    parser.add_argument("--no-engine", action="store_true", help="skip the engine rows")
    parser.add_argument("--no-rss", action="store_true", help="skip the peak-RSS children")
    args = parser.parse_args(argv)
    settings = C.Settings.from_args(args)
    torch = C.import_torch(disabled=args.no_torch)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    threads = Threads(torch)

    print("hookgrad model benchmark" + (" (--quick: smoke run, noisy)" if args.quick else ""))
    C.print_environment(torch)
    print("threads: " + threads.describe())
    problems = check(torch, names)
    print("checks: " + ("same results and gradients, hooks fire" if not problems
                        else "; ".join(problems)))
    if args.wait_idle:
        C.wait_for_idle(args.wait_idle)
    print("before timing, " + C.load_note(C.background_load()))
    print_timing_note(settings)
    print()

    groups = {name: workload_cases(name, torch, threads) for name in names}
    if not args.no_engine:
        groups.update(engine_cases(torch, threads))
    for name, cases in groups.items():
        print(f"timing {name} ...", flush=True)
        C.run_cases(cases, settings)
    print("after timing, " + C.load_note(C.background_load()))
    by = {c.name: c for cases in groups.values() for c in cases}
    rss = {} if args.no_rss else {lib: peak_rss(lib) for lib in ("hookgrad", "torch")
                                  if lib == "hookgrad" or torch is not None}
    print()

    t = torch is not None
    headers = ["workload"]
    for mode in MODES:
        headers += [f"hookgrad ({mode})", "PyTorch" if t else "PyTorch (n/a)", "ratio", ""]
    C.print_table(headers, result_rows(by, names),
                  title=f"Results (median per iteration; ratio = hookgrad / PyTorch, lower is "
                        f"better; target ≤ {TARGET:.1f} in both modes)")
    if "W6" in names:
        print()
        C.print_table(["W6 convolutions (GFLOP/s)", "hookgrad", "PyTorch",
                       "GEMMs alone", "NumPy GEMM peak", "peak / hookgrad", ""],
                      flops_rows(by),
                      title=f"W6 arithmetic rate: {W.resnet_conv_flops() / 1e9:.2f} GFLOP of "
                            f"convolutions per step; NumPy peak = float32 {PEAK_SIZE}^3 "
                            f"matmul; target: peak / hookgrad ≤ {PEAK_FACTOR:.0f}")
    if rss:
        print()
        C.print_table(["W6 training, 5 steps", "after building", "peak RSS", "peak - built"],
                      [[lib, *(("-", "-", "-") if v is None else
                               (f"{v[0]:.0f} MB", f"{v[1]:.0f} MB", f"{v[1] - v[0]:.0f} MB"))]
                       for lib, v in rss.items()],
                      title="Peak resident memory (fresh child process per library, each "
                            "with its own initialisation)")
    if not args.no_engine:
        print()
        C.print_table(["engine rows (defaults)", "hookgrad", "PyTorch", "ratio", "target",
                       ""], engine_rows(by), title="Engine rows")
    print()
    all_cases = [c for cases in groups.values() for c in cases]
    C.print_case_details(all_cases, title="Detail (spread: half-range of the used loops around "
                                          "the median; bg load: others' mean CPU share; "
                                          f"'call' cases are {CALLS_PER_ITER} calls)")
    short = [c.name for c in all_cases if c.n_clean < settings.repeats]
    if short:
        print(f"\n** noisy: fewer than {settings.repeats} clean loops for: {', '.join(short)}; "
              "rerun on an idle machine (--wait-idle 600) **")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
