"""Run tasks in worker processes that may crash, hang or recurse without taking the run down.

Each worker imports both libraries once and runs one task at a time; it reports the phase it
is in (generate / torch / hookgrad), so a task that outlives its timeout, or a worker that
dies, is put down to the right library. With jobs=0 tasks run in this process instead
(a hang is cut by SIGALRM; a segfault ends the run)."""
import multiprocessing
import os
import signal
import sys
import time
from multiprocessing.connection import wait

from .tasks import perform

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(os.path.dirname(HERE))


def _worker_main(connection):
    sys.path[:0] = [REPO, HERE]
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch
    torch.set_num_threads(1)
    import hookgrad  # noqa: F401  (imported once, here, not per task)
    sys.setrecursionlimit(5000)

    def phase(name):
        connection.send(("phase", name))

    connection.send(("ready", None))  # timeouts start after the imports
    while True:
        task = connection.recv()
        if task is None:
            return
        try:
            connection.send(("done", perform(task, phase)))
        except Exception as error:  # a fuzzer bug: report it, keep serving
            connection.send(("done", {"category": "fuzzer-error",
                                      "signature": f"fuzzer error {type(error).__name__}: "
                                                   f"{error}"[:300]}))


class _Worker:
    def __init__(self, context):
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_worker_main, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.task = None
        self.key = None
        self.phase = None
        self.deadline = None
        self.ready = False


def _failure(phase, what):
    """The result of a task whose worker hung or died in ``phase``."""
    if phase == "hookgrad":
        category = "hang" if what == "hung" else "died"
        return {"category": category, "signature": f"{category} | hookgrad {what}"}
    return {"category": "torch-failed", "signature": f"torch-failed | PyTorch {what} in {phase}"}


class Pool:
    def __init__(self, jobs, timeout=60.0):
        self.jobs, self.timeout = jobs, timeout
        self.context = multiprocessing.get_context("spawn")
        self.workers = [_Worker(self.context) for _ in range(jobs)]

    def close(self):
        for worker in self.workers:
            try:
                worker.connection.send(None)
            except OSError:
                pass
        for worker in self.workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()

    def _replace(self, worker):
        worker.process.kill()
        worker.process.join()
        self.workers[self.workers.index(worker)] = _Worker(self.context)

    def imap(self, keyed_tasks):
        """Yield (key, result) for each (key, task), in completion order."""
        pending = iter(keyed_tasks)
        exhausted = False
        while True:
            for worker in self.workers:
                if worker.ready and worker.task is None and not exhausted:
                    try:
                        worker.key, worker.task = next(pending)
                    except StopIteration:
                        exhausted = True
                        break
                    worker.phase, worker.deadline = "start", time.monotonic() + self.timeout
                    worker.connection.send(worker.task)
            busy = [w for w in self.workers if w.task is not None]
            starting = [w for w in self.workers if not w.ready]
            if not busy and (exhausted or not starting):
                return
            ready = wait([w.connection for w in busy + starting], timeout=0.5)
            for worker in starting:
                if worker.connection in ready:
                    try:
                        worker.connection.recv()
                        worker.ready = True
                    except (EOFError, OSError):  # died importing: try a new one
                        self._replace(worker)
            for worker in busy:
                if worker.connection in ready:
                    try:
                        kind, payload = worker.connection.recv()
                    except (EOFError, OSError):
                        key = worker.key
                        phase = worker.phase
                        self._replace(worker)
                        yield key, _failure(phase, "died")
                        continue
                    if kind == "phase":
                        worker.phase = payload
                        worker.deadline = time.monotonic() + self.timeout
                    else:
                        worker.task = None
                        yield worker.key, payload
                elif time.monotonic() > worker.deadline:
                    key, phase = worker.key, worker.phase
                    self._replace(worker)
                    yield key, _failure(phase, "hung")


class _Timeout(BaseException):
    pass


def run_inline(keyed_tasks, timeout=60.0):
    """Pool.imap's results, computed in this process."""
    current = {"phase": "start"}

    def phase(name):
        current["phase"] = name
        signal.setitimer(signal.ITIMER_REAL, timeout)

    def on_alarm(signum, frame):
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, on_alarm)
    try:
        for key, task in keyed_tasks:
            current["phase"] = "start"
            try:
                signal.setitimer(signal.ITIMER_REAL, timeout)
                result = perform(task, phase)
            except _Timeout:
                result = _failure(current["phase"], "hung")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            yield key, result
    finally:
        signal.signal(signal.SIGALRM, previous)


def run_tasks(keyed_tasks, jobs, timeout=60.0):
    if jobs <= 0:
        yield from run_inline(keyed_tasks, timeout)
        return
    pool = Pool(jobs, timeout)
    try:
        yield from pool.imap(keyed_tasks)
    finally:
        pool.close()
