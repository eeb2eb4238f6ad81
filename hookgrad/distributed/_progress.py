"""Background progress for non-blocking collectives.

MPI moves a non-blocking collective along only inside MPI calls (Open MPI has no progress
thread of its own by default), so an all-reduce started in the middle of backward would
otherwise sit still until ``backward()`` waits for it at the end. One daemon thread per
process tests the pending requests every ``INTERVAL`` seconds while any are pending, and
sleeps otherwise; NumPy releases the GIL in the matrix products that make up most of
backward, so the tests run while they do.

The thread only ever calls ``MPI_Test`` on requests: it runs no Python callback, so hooks,
communication hooks and their ``then`` callbacks all stay on the thread that called
``backward()``. Every test of a request, from the thread or not, holds one lock, and
``release`` takes a request back before its owner waits on it: MPI forbids two threads
completing the same request at once. Without MPI_THREAD_MULTIPLE, or with
HOOKGRAD_MPI_PROGRESS_THREAD=0 in the environment, nothing runs in the background and the
owners' own tests are the only progress."""
import atexit
import os
import threading
import time

from . import _mpi

INTERVAL = 100e-6  # seconds between tests (about a sleep's resolution)


class _Poller:
    def __init__(self):
        self._lock = threading.Lock()
        self._requests = []
        self._wake = threading.Event()
        self._thread = None
        self._stopped = False
        self._background = None   # decided on first use: MPI_THREAD_MULTIPLE or not

    def _can_run(self):
        if self._background is None:
            MPI = _mpi.load()
            self._background = (MPI.Query_thread() >= MPI.THREAD_MULTIPLE and
                                os.environ.get("HOOKGRAD_MPI_PROGRESS_THREAD", "1") != "0")
        return self._background

    def watch(self, request):
        """Test ``request`` in the background until it completes or is released."""
        if not self._can_run() or self._stopped:
            return
        with self._lock:
            self._requests.append(request)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="hookgrad-mpi-progress",
                                                daemon=True)
                self._thread.start()
                # before mpi4py's own exit handler (registered earlier) finalises MPI
                atexit.register(self.stop)
        self._wake.set()

    def test(self, request):
        """``request.Test()``, never at the same time as the background thread's."""
        with self._lock:
            return request.Test()

    def release(self, request):
        """Stop testing ``request``: after this, its owner may wait on it."""
        with self._lock:
            try:
                self._requests.remove(request)
            except ValueError:
                pass

    def stop(self):
        with self._lock:
            self._stopped = True
            self._requests = []
        self._wake.set()

    def _run(self):
        while True:
            self._wake.wait()
            with self._lock:
                if self._stopped:
                    return
                # a completed request is dropped; its owner's Wait then returns at once
                self._requests = [r for r in self._requests if not r.Test()]
                if not self._requests:
                    self._wake.clear()
                    continue
            time.sleep(INTERVAL)


poller = _Poller()
