"""The one place that imports mpi4py (the ``dist`` extra), on first use, never at import."""
import os
import sys

EXTRA_HINT = "pip install 'hookgrad[dist]'"

# Variables MPI launchers set in each rank: (rank, size, local rank, local size).
LAUNCHER_VARIABLES = (
    ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK",
     "OMPI_COMM_WORLD_LOCAL_SIZE"),                                      # Open MPI
    ("PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "MPI_LOCALNRANKS"),      # MPICH, Intel MPI
    ("PMIX_RANK", "PMIX_SIZE", "PMIX_LOCAL_RANK", "PMIX_LOCAL_SIZE"),    # PMIx (srun, ...)
)


def launcher_rank_variables():
    """(rank, size, local rank, local size) from an MPI launcher's variables, or None when
    this process was not started by one."""
    for names in LAUNCHER_VARIABLES:
        if names[0] in os.environ and names[1] in os.environ:
            rank, size = os.environ[names[0]], os.environ[names[1]]
            return (rank, size, os.environ.get(names[2], rank),
                    os.environ.get(names[3], size))
    return None


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
    if "mpi4py.MPI" in sys.modules:
        return sys.modules["mpi4py.MPI"]
    # A process no launcher started is a world of one. Open MPI then still sets up its
    # shared-memory transport, and leaves a 16 MB segment in /dev/shm behind at exit; a
    # world of one needs only the "self" transport. Open MPI reads this during MPI_Init
    # only, so the variable is not left for the program's own subprocesses.
    alone = launcher_rank_variables() is None and "OMPI_MCA_btl" not in os.environ
    if alone:
        os.environ["OMPI_MCA_btl"] = "self"
    try:
        from mpi4py import MPI
    except ImportError as error:
        raise RuntimeError(
            "hookgrad.distributed runs on MPI through mpi4py, which is not installed "
            f"({error}). Install the extra: {EXTRA_HINT} (mpi4py with the Open MPI wheels; "
            "on a cluster, mpi4py built against the cluster's MPI works too).") from error
    finally:
        if alone:
            del os.environ["OMPI_MCA_btl"]
    return MPI


def loaded():
    """``mpi4py.MPI`` if something already imported it, else None (never imports it)."""
    module = sys.modules.get("mpi4py.MPI")
    if module is None or not module.Is_initialized() or module.Is_finalized():
        return None
    return module
