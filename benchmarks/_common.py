"""Shared helpers for hookgrad's benchmark scripts (engine.py, models.py, lens.py).

What lives here:

* ``REPO_ROOT`` / ``add_repo_to_path()``: run any script as ``python benchmarks/<name>.py``
  from the repository root without installing hookgrad.
* ``import_torch()``: PyTorch is optional; ``None`` when it is missing.
* ``use()``: OpenBLAS' and PyTorch's thread pools keep spinning for about 0.1 s after use
  and slow the other library down, so sleep ``SWITCH_SLEEP`` seconds whenever the thread
  pool owner of the code being timed changes (``"numpy"`` for hookgrad and plain NumPy,
  ``"torch"`` for PyTorch), or its thread setting does (a case's ``setup``, run first).
* ``Case`` / ``run_cases()``: warm up and calibrate each case, then time repeated loops
  of each case, interleaved (ABBA order, so the library changes once per repeat and no
  case always runs first), and report the median seconds per iteration.
* Background-load guard: these machines are shared, and a busy core inflates timings (and
  wrecks PyTorch's 2-thread pool, whose threads spin waiting for each other). Every timed
  loop measures, from /proc/stat, how busy the CPUs were with *other* processes; loops
  above ``Settings.max_load`` are "dirty", extra repeats are run (up to
  ``Settings.max_repeats``) to collect ``Settings.repeats`` clean loops, and medians use the
  clean loops only. ``background_load()`` / ``wait_for_idle()`` check before a run.
* ``set_threads()`` / ``blas_threads()`` / ``add_threads_option()``: pin NumPy's OpenBLAS
  and PyTorch to the same thread count (``--threads``, default $HOOKGRAD_BENCH_THREADS or 1).
* ``print_table()``, the ``fmt_*`` helpers, ``make_parser()`` (``--quick``, ``--repeats``,
  ``--no-torch``, ``--wait-idle``) and ``print_environment()``.
"""
import argparse
import gc
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SWITCH_SLEEP = 0.25  # seconds to let the other library's thread pool go idle


def add_repo_to_path():
    """Make ``import hookgrad`` find this checkout, wherever the script is started from."""
    if REPO_ROOT not in sys.path:
        sys.path.insert(0, REPO_ROOT)


def import_torch(disabled=False):
    """The ``torch`` module, or ``None`` if it is not installed (or ``disabled``)."""
    if disabled:
        return None
    try:
        import torch
    except Exception:  # noqa: BLE001  (ImportError, or a broken install raising else)
        return None
    return torch


# --------------------------------------------------------------------------- library switching

class LibrarySwitch:
    """Sleep ``delay`` seconds whenever the library in use, or its thread setting, changes."""

    def __init__(self, delay=SWITCH_SLEEP):
        self.delay = delay
        self.current = None
        self.switches = 0

    def use(self, lib, setup=None):
        key = (lib, setup)
        if self.current is not None and key != self.current:
            if setup is not None:
                setup()
            time.sleep(self.delay)
            self.switches += 1
        elif self.current is None and setup is not None:
            setup()
        self.current = key


_switch = LibrarySwitch()


def use(lib, setup=None):
    """Announce that code of ``lib`` (``"numpy"`` or ``"torch"``) runs next, after
    ``setup()`` (a thread setting; None: leave it); sleeps ``SWITCH_SLEEP`` seconds if either
    differs from the previous one."""
    _switch.use(lib, setup)


# --------------------------------------------------------------------------- thread counts

THREADS_ENV = "HOOKGRAD_BENCH_THREADS"

_BLAS_SET_NAMES = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                   "openblas_set_num_threads64_", "openblas_set_num_threads")
_BLAS_GET_NAMES = ("scipy_openblas_get_num_threads64_", "scipy_openblas_get_num_threads",
                   "openblas_get_num_threads64_", "openblas_get_num_threads")


def _openblas_libs():
    """ctypes handles of the OpenBLAS libraries loaded in this process (NumPy's, usually)."""
    import ctypes

    import numpy  # noqa: F401  (loads NumPy's BLAS)
    paths = []
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1] if len(line.split()) >= 6 else ""
                if "openblas" in os.path.basename(path).lower() and path not in paths:
                    paths.append(path)
    except OSError:
        pass
    libs = []
    for path in paths:
        try:
            libs.append(ctypes.CDLL(path))
        except OSError:
            pass
    return libs


def _blas_call(lib, names, *args):
    for name in names:
        fn = getattr(lib, name, None)
        if fn is not None:
            return fn(*args)
    return None


def blas_threads():
    """NumPy's OpenBLAS thread count, or None when it cannot be read."""
    for lib in _openblas_libs():
        n = _blas_call(lib, _BLAS_GET_NAMES)
        if n is not None:
            return int(n)
    return None


def set_threads(n, torch=None):
    """Use ``n`` threads in NumPy's OpenBLAS (through its C API, at run time) and in PyTorch's
    intra-op pool; also export OPENBLAS/OMP/MKL_NUM_THREADS for libraries loaded later.
    Returns ``(openblas threads, torch threads)`` as read back (None where unknown)."""
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = str(n)
    import ctypes
    for lib in _openblas_libs():
        _blas_call(lib, _BLAS_SET_NAMES, ctypes.c_int(n))
    if torch is not None:
        torch.set_num_threads(n)
    return blas_threads(), (torch.get_num_threads() if torch is not None else None)


def add_threads_option(parser, default=1):
    """``--threads N`` (default: $HOOKGRAD_BENCH_THREADS, else ``default``)."""
    env = os.environ.get(THREADS_ENV)
    parser.add_argument("--threads", type=int, default=int(env) if env else default,
                        help=f"threads for NumPy's OpenBLAS and PyTorch alike (default "
                             f"${THREADS_ENV} or {default}; OpenBLAS' own default threading "
                             "can make small GEMMs 5-20x slower on a busy machine)")
    return parser


# --------------------------------------------------------------------------- background load

_CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_NCPU = os.cpu_count() or 1


def _cpu_jiffies():
    """``(busy, total)`` jiffies of all CPUs from /proc/stat (steal counts as busy), or
    None where that is unavailable."""
    try:
        with open("/proc/stat") as f:
            vals = [int(v) for v in f.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    if len(vals) < 5:
        return None
    total = sum(vals)
    return total - vals[3] - vals[4], total  # minus idle and iowait


def background_load(seconds=0.5):
    """Fraction (0..1) of all CPUs busy with other work while we sleep ``seconds``; None
    where /proc/stat is unavailable."""
    a = _cpu_jiffies()
    time.sleep(seconds)
    b = _cpu_jiffies()
    if a is None or b is None or b[1] <= a[1]:
        return None
    return (b[0] - a[0]) / (b[1] - a[1])


def wait_for_idle(max_wait, threshold=0.1, probe=1.0, log=print):
    """Wait up to ``max_wait`` seconds for ``background_load()`` to drop below ``threshold``;
    return the last load measured (None if unknown)."""
    deadline = time.monotonic() + max_wait
    load = background_load(probe)
    while load is not None and load >= threshold and time.monotonic() < deadline:
        if log is not None:
            log(f"waiting for an idle machine: {load * 100:.0f}% busy")
        time.sleep(min(10.0, max(0.0, deadline - time.monotonic())))
        load = background_load(probe)
    return load


def load_note(load, threshold=0.1):
    """One line describing a ``background_load()`` result, with a warning when high."""
    if load is None:
        return "background load: unknown (no /proc/stat)"
    text = f"background load: {load * 100:.0f}% of {_NCPU} CPUs"
    if load > threshold:
        text += "  ** other processes are running: timings may be inflated **"
    return text


# --------------------------------------------------------------------------- timing

@dataclass
class Settings:
    repeats: int = 11         # clean timed loops wanted per case
    max_repeats: int = 31     # give up collecting clean loops after this many
    loop_time: float = 0.1    # target seconds per timed loop (sets the iteration count);
    #                           short loops + many repeats: a noise burst spoils few loops
    warmup_time: float = 0.3  # seconds of untimed warm-up per case (also calibrates)
    min_iters: int = 3        # at least this many iterations per timed loop
    max_load: float = 0.1     # a loop is dirty if other processes used more of the CPUs

    @classmethod
    def from_args(cls, args):
        if args.quick:
            s = cls(repeats=3, max_repeats=3, loop_time=0.03, warmup_time=0.05, min_iters=2)
        else:
            s = cls()
        if args.repeats is not None:
            s.repeats = args.repeats
            s.max_repeats = max(s.max_repeats, 3 * args.repeats) if not args.quick \
                else args.repeats
        return s


@dataclass
class Case:
    """One thing to time: ``fn()`` is one iteration; ``lib`` names the library it uses
    (``"numpy"`` or ``"torch"``, see ``use()``)."""

    name: str
    lib: str
    fn: object
    setup: object = None  # called before the case runs whenever the previous case's differed
    iters: int = 0
    times: list = field(default_factory=list)  # seconds per iteration, one per loop
    loads: list = field(default_factory=list)  # others' CPU share during each loop (or None)
    cpu_times: list = field(default_factory=list)  # CPU seconds of the timing thread per iter
    max_load: float = 0.1

    def _is_clean(self, i):
        load = self.loads[i] if i < len(self.loads) else None
        return load is None or load <= self.max_load

    @property
    def clean_times(self):
        return [t for i, t in enumerate(self.times) if self._is_clean(i)]

    @property
    def n_clean(self):
        return len(self.clean_times)

    @property
    def used_times(self):
        """The clean loops, or all loops if fewer than 3 (or half) are clean."""
        clean = self.clean_times
        return clean if len(clean) >= min(3, max(1, len(self.times) // 2)) else self.times

    @property
    def median(self):
        return statistics.median(self.used_times)

    @property
    def best(self):
        return min(self.times)

    @property
    def cpu_median(self):
        """Median CPU time per iteration of the thread that ran the loop: unlike wall time,
        hardly affected by other processes taking the CPU, but blind to work done on other
        threads (PyTorch's intra-op pool), so only meaningful for single-threaded cases."""
        return statistics.median(self.cpu_times) if self.cpu_times else None

    @property
    def spread(self):
        """Relative half-range of the used loops around the median (a noise indicator)."""
        used = self.used_times
        if len(used) < 2:
            return 0.0
        return (max(used) - min(used)) / 2 / self.median

    @property
    def mean_load(self):
        loads = [x for x in self.loads if x is not None]
        return sum(loads) / len(loads) if loads else None


def time_loop(fn, n):
    """``(seconds per call, others' load, thread CPU seconds per call)`` over ``n``
    back-to-back calls of ``fn``.

    GC stays enabled, as in real use, but starts from a clean slate. "Others' load" is the
    fraction of all CPUs that processes other than this one kept busy meanwhile (None if
    unknown); our own CPU time, all threads, is subtracted. The last value is the CPU time
    of this thread only (see ``Case.cpu_median``)."""
    gc.collect()
    perf, cpu, thread_cpu = time.perf_counter, time.process_time, time.thread_time
    j0 = _cpu_jiffies()
    c0 = cpu()
    tc0 = thread_cpu()
    t0 = perf()
    for _ in range(n):
        fn()
    t1 = perf()
    tc1 = thread_cpu()
    c1 = cpu()
    j1 = _cpu_jiffies()
    wall = t1 - t0
    load = None
    if j0 is not None and j1 is not None and j1[1] > j0[1]:
        span = (j1[1] - j0[1]) / _CLK_TCK  # CPU-seconds elapsed on all CPUs
        busy = (j1[0] - j0[0]) / _CLK_TCK
        load = max(0.0, busy - (c1 - c0)) / max(span, _NCPU * wall, 1e-9)
    return wall / n, load, (tc1 - tc0) / n


def warm_up(fn, seconds, min_calls=2):
    """Call ``fn`` for about ``seconds``; return the estimated seconds per call."""
    perf = time.perf_counter
    calls = 0
    t0 = perf()
    elapsed = 0.0
    while calls < min_calls or elapsed < seconds:
        fn()
        calls += 1
        elapsed = perf() - t0
    return elapsed / calls


def calibrate(fn, seconds):
    """Seconds per call of a warm ``fn``: time 1, 2, 4, ... calls until a batch takes at
    least ``seconds`` (the warm-up's own average includes slow first calls)."""
    perf = time.perf_counter
    n = 1
    while True:
        t0 = perf()
        for _ in range(n):
            fn()
        dt = perf() - t0
        if dt >= seconds or n >= 1 << 20:
            return dt / n
        n *= 2


def run_cases(cases, settings, *, log=None):
    """Time ``cases`` (a list of ``Case``), filling in their ``times`` and ``loads``.

    Each case is warmed up and calibrated first. Then each repeat times one loop per case,
    in list order on even repeats and reversed on odd ones; ``use()`` sleeps whenever the
    library changes, and a short untimed re-warm precedes every timed loop. Repeats go on
    until every case has ``settings.repeats`` clean loops, or ``settings.max_repeats``."""
    for case in cases:
        use(case.lib, case.setup)
        warm_up(case.fn, settings.warmup_time)
        per_call = calibrate(case.fn, settings.loop_time / 5)
        case.iters = max(settings.min_iters, round(settings.loop_time / max(per_call, 1e-9)))
        case.times, case.loads, case.cpu_times = [], [], []
        case.max_load = settings.max_load
    r = 0
    while True:
        order = cases if r % 2 == 0 else cases[::-1]
        for case in order:
            use(case.lib, case.setup)
            for _ in range(max(1, case.iters // 20)):  # re-warm caches after the switch
                case.fn()
            per_call, load, cpu_per_call = time_loop(case.fn, case.iters)
            case.times.append(per_call)
            case.loads.append(load)
            case.cpu_times.append(cpu_per_call)
        r += 1
        if log is not None:
            log(f"  repeat {r} done")
        if r >= max(settings.repeats, 1) and (
                r >= settings.max_repeats or all(c.n_clean >= settings.repeats for c in cases)):
            break
    return cases


def paired_diff(with_case, without_case):
    """Median over repeats of the per-iteration time difference of two cases timed side
    by side (pairs where both loops are clean, if there are at least 3 of those)."""
    pairs = list(zip(with_case.times, without_case.times))
    clean = [(a, b) for i, (a, b) in enumerate(pairs)
             if with_case._is_clean(i) and without_case._is_clean(i)]
    if len(clean) >= min(3, max(1, len(pairs) // 2)):
        pairs = clean
    return statistics.median(a - b for a, b in pairs)


def paired_cpu_diff(with_case, without_case):
    """Like ``paired_diff`` on the thread CPU times, over all loops (single-threaded cases)."""
    return statistics.median(a - b for a, b in zip(with_case.cpu_times, without_case.cpu_times))


def paired_ratio(with_case, without_case):
    """Median over repeats of the per-iteration time ratio of two cases timed side by side
    (pairs where both loops are clean, if there are at least 3 of those): an overhead factor
    that a slow drift of the machine's speed affects less than a ratio of medians."""
    pairs = list(zip(with_case.times, without_case.times))
    clean = [(a, b) for i, (a, b) in enumerate(pairs)
             if with_case._is_clean(i) and without_case._is_clean(i)]
    if len(clean) >= min(3, max(1, len(pairs) // 2)):
        pairs = clean
    return statistics.median(a / b for a, b in pairs if b > 0)


# --------------------------------------------------------------------------- output

def fmt_time(seconds):
    """``12.3 µs`` / ``4.56 ms`` / ``1.23 s``; ``-`` for None."""
    if seconds is None:
        return "-"
    a = abs(seconds)
    if a < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if a < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def fmt_us(seconds):
    return "-" if seconds is None else f"{seconds * 1e6:.1f} µs"


def fmt_ratio(x):
    return "-" if x is None else f"{x:.2f}"


def fmt_pct(x):
    return "-" if x is None else f"{x * 100:.0f}%"


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def print_table(headers, rows, *, title=None, file=None):
    """Print a plain-text table: first column left-aligned, the others right-aligned."""
    out = file or sys.stdout
    rows = [[("" if c is None else str(c)) for c in row] for row in rows]
    widths = [max([len(str(h))] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells):
        parts = [str(c).ljust(w) if i == 0 else str(c).rjust(w)
                 for i, (c, w) in enumerate(zip(cells, widths))]
        return "  ".join(parts).rstrip()

    if title:
        print(title, file=out)
    print(line(headers), file=out)
    print("  ".join("-" * w for w in widths), file=out)
    for r in rows:
        print(line(r), file=out)
    out.flush()


def print_case_details(cases, *, title="Detail", file=None):
    """Per case: median and best per iteration, spread, loops used, others' mean load."""
    rows = [[c.name, fmt_time(c.median), fmt_time(c.best), f"±{c.spread * 100:.1f}%",
             f"{c.iters} x {len(c.used_times)}/{len(c.times)}", fmt_pct(c.mean_load),
             fmt_time(c.cpu_median)]
            for c in cases]
    print_table(["case", "median", "best", "spread", "iters x used/loops", "bg load",
                 "thread CPU"], rows, title=title, file=file)


def blas_kernels():
    """The kernel family NumPy's OpenBLAS picked for this CPU (``SkylakeX``, ``Haswell``,
    ...; ``OPENBLAS_CORETYPE`` overrides it), or None."""
    import ctypes
    for lib in _openblas_libs():
        for name in ("scipy_openblas_get_corename64_", "scipy_openblas_get_corename",
                     "openblas_get_corename64_", "openblas_get_corename"):
            fn = getattr(lib, name, None)
            if fn is not None:
                fn.restype = ctypes.c_char_p
                return fn().decode()
    return None


def print_environment(torch=None, file=None):
    """Python, NumPy (and its OpenBLAS kernels), PyTorch (and its thread count), CPUs."""
    import numpy as np
    out = file or sys.stdout
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs; NumPy {np.__version__} (OpenBLAS kernels: "
          f"{blas_kernels() or '?'})", file=out)
    if torch is None:
        print("PyTorch: not available (hookgrad absolute numbers only)", file=out)
    else:
        print(f"PyTorch {torch.__version__}, {torch.get_num_threads()} intra-op threads",
              file=out)


def make_parser(description):
    """An ``argparse`` parser with the options every benchmark script shares."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--quick", action="store_true",
                   help="fast smoke run: short loops and few repeats (numbers are noisy)")
    p.add_argument("--repeats", type=int, default=None,
                   help="clean timed loops wanted per case (default 11, or 3 with --quick)")
    p.add_argument("--no-torch", action="store_true",
                   help="do not import PyTorch; print hookgrad's absolute numbers only")
    p.add_argument("--wait-idle", type=float, default=0, metavar="SECONDS",
                   help="first wait up to SECONDS for other processes to leave the CPUs idle")
    return p
