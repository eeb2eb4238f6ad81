"""The one place that imports mpi4py (the ``dist`` extra), on first use, never at import."""
import sys

EXTRA_HINT = "pip install 'hookgrad[dist]'"


def is_available():
    """Whether mpi4py imports. Only the package: ``mpi4py.MPI``, which loads the MPI library
    and initialises it, is imported by ``init_process_group``."""
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        return False
    return True


def load():
    """``mpi4py.MPI``, initialising MPI on the first call."""
    try:
        from mpi4py import MPI
    except ImportError as error:
        raise RuntimeError(
            "hookgrad.distributed runs on MPI through mpi4py, which is not installed "
            f"({error}). Install the extra: {EXTRA_HINT} (mpi4py with the Open MPI wheels; "
            "on a cluster, mpi4py built against the cluster's MPI works too).") from error
    return MPI


def loaded():
    """``mpi4py.MPI`` if something already imported it, else None (never imports it)."""
    module = sys.modules.get("mpi4py.MPI")
    if module is None or not module.Is_initialized() or module.Is_finalized():
        return None
    return module
