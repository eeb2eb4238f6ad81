"""Keep freed heap memory for reuse instead of handing it back to the OS every step.

Training steps allocate and free the same large NumPy temporaries (im2col columns, GEMM
results, gradients) over and over. By default glibc trims the top of the heap as soon as
the free space there passes its trim threshold, so each step the kernel maps those pages
in again: about 1,800 page faults per LeNet step, which makes the step twice as slow (7.2
instead of 3.7 ms). Asking glibc to keep ``TOP_PAD`` bytes of slack (``M_TOP_PAD``) stops
that, at the cost of holding up to that much memory the process would otherwise return.

Only glibc has ``mallopt``; elsewhere this does nothing. Set ``HOOKGRAD_HEAP_SLACK_MB=0``
to leave the allocator alone, or glibc's own ``MALLOC_TOP_PAD_`` to choose the value."""
import ctypes
import os
import sys

M_TOP_PAD = -2   # glibc's mallopt parameter number
TOP_PAD = 32 << 20


def keep_heap_slack():
    """Ask glibc to keep ``TOP_PAD`` bytes of heap slack; returns whether it did."""
    if not sys.platform.startswith("linux") or "MALLOC_TOP_PAD_" in os.environ:
        return False
    setting = os.environ.get("HOOKGRAD_HEAP_SLACK_MB")
    pad = TOP_PAD if setting is None else int(setting) << 20
    if pad <= 0:
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return False
    return mallopt(M_TOP_PAD, pad) == 1
