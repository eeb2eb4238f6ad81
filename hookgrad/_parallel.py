"""The intra-op thread pool: large ops split their array work over chunks run on several
threads (NumPy releases the GIL inside BLAS calls, ufunc loops and copies).

Sized like PyTorch's: ``set_num_threads(n)`` / ``get_num_threads()``; the default is
``MKL_NUM_THREADS`` or else ``OMP_NUM_THREADS`` when set to a positive integer, capped at the
number of physical cores, and otherwise the number of physical cores. One thread means no
pool: every chunk runs on the calling thread, one after the other.

``parallel_for(n, grain, fn, *args)`` calls ``fn(start, stop, *args)`` over ``range(n)`` in
chunks of ``grain`` (the last may be shorter), and callers combine per-chunk partial results
in chunk order: with a grain fixed by the shapes (the convolutions'), results do not depend
on how many threads ran them; with one from ``grain()``, which follows the thread count, they
agree to float32 rounding. The calling thread runs chunks too; pool threads help when idle.
A call from inside a chunk (nested parallelism) runs inline. Several threads may call at
once (concurrent backward passes): each waits for its own chunks only, and runs all of them
itself if every pool thread is busy, so no call can deadlock.

Only array work runs on pool threads: graph nodes, hooks and everything else in Python stay
on the thread that called the op or ``backward``.

While chunks run on several threads, NumPy's OpenBLAS runs single-threaded: a multi-threaded
OpenBLAS call hands part of its work to OpenBLAS' own server threads, and a second caller
busy-waits for one of them to be free, so two chunks calling BLAS at once would serialise
(and spin) instead of running side by side.

The pool also owns the cores outside its regions: once its size is first read (or set by
``set_num_threads``), NumPy's OpenBLAS is set to one thread for the whole process, and the
convolutions' chunks (and very large products, ``_ops/split.py``) run on the pool instead.
OpenBLAS' server threads keep spinning for tens of milliseconds after each threaded call: on
a step mixing products with other work they took the second core from the pool's chunks (W6
ran no faster on two threads than on one, and several times slower whenever another process
was busy); left to thread W3-W7's products themselves they made every step slower too.

Work whose chunks are single NumPy calls splits only when very large (CALL_REGION_BYTES):
at the sizes of W3-W7 the hand-off, the GIL taken back after every call and the memory
traffic the cores share cost more than the second core gives.
"""
import contextlib
import itertools
import operator
import os
import queue
import threading

from . import _blas

__all__ = ["get_num_interop_threads", "get_num_threads", "grain", "parallel_for",
           "set_num_interop_threads", "set_num_threads", "single_threaded_blas"]


def physical_cores():
    """Physical cores available to this process (hyper-threads counted once), as PyTorch
    counts them; ``os.cpu_count()`` where the topology cannot be read."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = list(range(os.cpu_count() or 1))
    cores = set()
    for cpu in cpus:
        topology = f"/sys/devices/system/cpu/cpu{cpu}/topology/"
        try:
            with open(topology + "physical_package_id") as f:
                package = f.read().strip()
            with open(topology + "core_id") as f:
                core = f.read().strip()
        except OSError:
            return max(1, len(cpus))
        cores.add((package, core))
    return max(1, len(cores))


def _env_threads():
    """``MKL_NUM_THREADS`` or else ``OMP_NUM_THREADS`` as a positive int, else None."""
    for name in ("MKL_NUM_THREADS", "OMP_NUM_THREADS"):
        value = os.environ.get(name, "").strip()
        if value.isdigit() and int(value) > 0:
            return int(value)
    return None


def default_num_threads():
    cores = physical_cores()
    requested = _env_threads()
    return cores if requested is None else min(requested, cores)


class _Pool:
    """Worker threads fed from one queue. A job is a list of chunk bounds; each worker or
    caller that joins takes the next chunk number (``next`` on an ``itertools.count`` is
    atomic under the GIL) until none are left. Workers start on first use."""

    def __init__(self):
        self.num_threads = None  # resolved on first use: the environment may change first
        self.workers = 0
        self.jobs = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.local = threading.local()

    def threads(self):
        if self.num_threads is None:
            self.num_threads = default_num_threads()
            # (one thread means one; with more, the pool splits products itself: see the
            # module docstring)
            _blas.set_threads(1)
        return self.num_threads

    def after_fork(self):
        """A forked child has none of the parent's threads: start afresh, keeping the
        thread count."""
        self.workers = 0
        self.jobs = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.local = threading.local()

    def ensure_workers(self, wanted):
        with self.lock:
            while self.workers < wanted:
                thread = threading.Thread(target=self.work, name=f"hookgrad-intraop-{self.workers}",
                                          daemon=True)
                thread.start()
                self.workers += 1

    def work(self):
        self.local.inside = True
        jobs = self.jobs
        while True:
            _run_chunks(jobs.get())


class _Job:
    __slots__ = ("fn", "args", "bounds", "next_chunk", "remaining", "lock", "done", "error")

    def __init__(self, fn, args, bounds):
        self.fn, self.args, self.bounds = fn, args, bounds
        self.next_chunk = itertools.count()
        self.remaining = len(bounds)
        self.lock = threading.Lock()
        self.done = threading.Lock()
        self.done.acquire()  # released when the last chunk finishes
        self.error = None


def _run_chunks(job):
    bounds = job.bounds
    count = len(bounds)
    while True:
        i = next(job.next_chunk)
        if i >= count:
            return
        if job.error is None:
            start, stop = bounds[i]
            try:
                job.fn(start, stop, *job.args)
            except BaseException as error:  # re-raised on the calling thread
                job.error = error
        with job.lock:
            job.remaining -= 1
            last = job.remaining == 0
        if last:
            job.done.release()


_pool = _Pool()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_pool.after_fork)


def parallel_for(n, grain, fn, *args):
    """Call ``fn(start, stop, *args)`` for consecutive chunks of ``range(n)``, each ``grain``
    long (the last may be shorter), on up to ``get_num_threads()`` threads; return when all
    have finished. An exception in any chunk is raised here (after the others finish)."""
    grain = max(1, grain)
    chunks = -(-n // grain)
    threads = _pool.num_threads or _pool.threads()
    if chunks <= 1 or threads == 1 or getattr(_pool.local, "inside", False):
        for start in range(0, n, grain):
            fn(start, min(start + grain, n), *args)
        return
    helpers = min(threads, chunks) - 1
    _pool.ensure_workers(helpers)
    job = _Job(fn, args, [(start, min(start + grain, n)) for start in range(0, n, grain)])
    _single_blas.enter()
    for _ in range(helpers):
        _pool.jobs.put(job)
    local = _pool.local
    local.inside = True
    try:
        _run_chunks(job)
    finally:
        local.inside = False
        job.done.acquire()
        _single_blas.exit()
    if job.error is not None:
        raise job.error


class _SingleThreadedBlas:
    """OpenBLAS at one thread while any parallel region runs (several callers may overlap:
    the first one in sets it, the last one out puts the previous count back)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.depth = 0
        self.saved = None

    def enter(self):
        with self.lock:
            if self.depth == 0:
                self.saved = _blas.get_threads()
                if self.saved is not None and self.saved != 1:
                    _blas.set_threads(1)
            self.depth += 1

    def exit(self):
        with self.lock:
            self.depth -= 1
            if self.depth == 0 and self.saved is not None and self.saved != 1:
                _blas.set_threads(self.saved)


_single_blas = _SingleThreadedBlas()


@contextlib.contextmanager
def single_threaded_blas():
    """NumPy's OpenBLAS at one thread inside the block (as inside a parallel region)."""
    _single_blas.enter()
    try:
        yield
    finally:
        _single_blas.exit()


# A pool thread waiting for work sleeps (spinning would need the GIL); waking it took 15 to
# 170 us on these virtual machines, so work split over several threads must be large enough
# to pay for that: passes over at least REGION_BYTES (a 2 MB pass takes 50-250 us), in up to
# CHUNKS_PER_THREAD chunks per thread, so that the calling thread keeps taking chunks while a
# pool thread wakes up, and the Python around each chunk's NumPy calls stays small.
REGION_BYTES = 2 << 20
CHUNKS_PER_THREAD = 2
# Work whose chunks are one NumPy call each (elementwise ops, batch-norm passes, softmax rows,
# matrix products in row, column or depth blocks: the callers of ``grain`` and split.py's
# products) splits only from this size on. Timed in W3-W7 steps on this 2-core machine, with
# the other processes held off (SCHED_FIFO), alternating in one process: no such split paid
# at any size those steps have (passes up to 4 MB, products up to 150 MFLOP); together they
# made the steps 5 to 50% slower than the same work in one call (W4 7.4 against 5.0 ms, W5
# 35.2 against 30.7 ms, W6 64 against 58 ms), the hand-off, the GIL taken back after every
# call and both cores sharing the memory traffic costing more than the second core gave.
# The convolutions' chunks (several calls and about a millisecond each) still split from
# REGION_BYTES.
CALL_REGION_BYTES = 64 << 20


def grain(n, nbytes, min_chunk_bytes):
    """Items per chunk to split ``n`` items (``nbytes`` of passes over memory in all) over
    the threads available here: a single chunk (``n``) with one thread, inside a chunk
    already or below CALL_REGION_BYTES; else up to CHUNKS_PER_THREAD chunks per thread, none
    smaller than ``min_chunk_bytes``. For work whose chunks may follow the thread count
    (results then equal to float32 rounding, not bit for bit)."""
    threads = _pool.num_threads or _pool.threads()
    if threads == 1 or nbytes < CALL_REGION_BYTES or getattr(_pool.local, "inside", False):
        return max(1, n)
    chunks = max(1, min(CHUNKS_PER_THREAD * threads, n, nbytes // max(1, min_chunk_bytes)))
    return -(-n // chunks)


def get_num_threads():
    """The number of threads hookgrad's ops use (PyTorch's intra-op thread count)."""
    return _pool.threads()


def _check_count(name, n):
    """``n`` as an int (anything with ``__index__`` but a bool), else PyTorch's errors."""
    try:
        if isinstance(n, bool):
            raise TypeError
        count = operator.index(n)
    except TypeError:
        raise RuntimeError(f"{name} expects an int, but got {type(n).__name__}") from None
    if count <= 0:
        raise RuntimeError(f"{name} expects a positive integer")
    return count


def set_num_threads(num):
    """Use ``num`` threads in ops. NumPy's OpenBLAS is set to one thread (as PyTorch sets
    MKL's): with one, one thread means one; with more, the pool splits large products."""
    n = _check_count("set_num_threads", num)
    _pool.num_threads = n
    _blas.set_threads(1)


_interop = {"threads": None, "set": False}


def get_num_interop_threads():
    """PyTorch's inter-op thread count; hookgrad runs independent ops on the calling thread,
    so this number is only kept (default: the physical cores)."""
    if _interop["threads"] is None:
        _interop["threads"] = physical_cores()
    return _interop["threads"]


def set_num_interop_threads(num):
    n = _check_count("set_num_interop_threads", num)
    if _interop["set"]:
        raise RuntimeError("Error: cannot set number of interop threads after parallel work "
                           "has started or set_num_interop_threads called")
    _interop["threads"], _interop["set"] = n, True
