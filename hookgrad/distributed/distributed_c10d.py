"""The default process group, on MPI: init_process_group, rank, world size, destroy.

Rank and world size come from the MPI launcher (``python -m hookgrad.distributed.run``, or
any ``mpiexec``), as with PyTorch's MPI backend. The group talks over a duplicate of
``MPI.COMM_WORLD``, so a program's own mpi4py calls never match ours by accident."""
import io
import os
import sys
import warnings

from . import _mpi

__all__ = ["Backend", "GroupMember", "ProcessGroup", "destroy_process_group", "get_backend",
           "get_rank", "get_world_size", "group", "init_process_group", "is_available",
           "is_gloo_available", "is_initialized", "is_mpi_available", "is_nccl_available",
           "is_torchelastic_launched"]

_NOT_INITIALIZED = ("Default process group has not been initialized, please make sure to call "
                    "init_process_group.")
# What PyTorch says for backends its build lacks; hookgrad has MPI only.
_NOT_BUILT_IN = {"gloo": "Gloo", "nccl": "NCCL", "ucc": "UCC", "xccl": "XCCL"}


class Backend(str):
    """A backend name, lower-cased (``Backend("MPI") == "mpi"``)."""

    UNDEFINED = "undefined"
    GLOO = "gloo"
    NCCL = "nccl"
    UCC = "ucc"
    MPI = "mpi"
    XCCL = "xccl"

    def __new__(cls, name):
        if not isinstance(name, str):
            raise ValueError("Backend constructor parameter must be string-ish")
        return super().__new__(cls, name.lower())


class ProcessGroup:
    """A group of ranks and the MPI communicator they talk over (here: the whole world)."""

    def __init__(self, comm):
        self._comm = comm
        self._rank = comm.Get_rank()
        self._size = comm.Get_size()

    def rank(self):
        return self._rank

    def size(self):
        return self._size

    def name(self):
        return Backend.MPI

    def __repr__(self):
        return f"<hookgrad.distributed.ProcessGroup mpi rank={self._rank} size={self._size}>"


class GroupMember:
    """``WORLD`` is the default group once ``init_process_group`` ran, else None."""

    WORLD = None
    NON_GROUP_MEMBER = -100


group = GroupMember  # ``dist.group.WORLD``, as in PyTorch

_previous_excepthook = None


def is_available():
    """Whether the distributed package can run: mpi4py imports (the ``dist`` extra)."""
    return _mpi.is_available()


def is_mpi_available():
    return _mpi.is_available()


def is_gloo_available():
    return False


def is_nccl_available():
    return False


def is_torchelastic_launched():
    return os.getenv("TORCHELASTIC_RUN_ID") is not None


def is_initialized():
    """Whether the default process group has been initialised."""
    return GroupMember.WORLD is not None


def _default_group():
    if GroupMember.WORLD is None:
        raise ValueError(_NOT_INITIALIZED)
    return GroupMember.WORLD


def _resolve(group):
    """The ProcessGroup a collective runs on (None: the default one)."""
    if group is None or group is GroupMember.WORLD:
        return _default_group()
    if not isinstance(group, ProcessGroup):
        raise ValueError(f"Expecting a ProcessGroup, but got a {type(group)}.")
    return group


def _check_backend(backend):
    name = "mpi" if backend is None else str(Backend(backend))
    # "cpu:mpi" style strings name one backend per device type; only MPI exists here.
    names = {part.split(":")[-1] for part in name.split(",")}
    for part in sorted(names):
        if part in _NOT_BUILT_IN:
            raise RuntimeError(f"Distributed package doesn't have {_NOT_BUILT_IN[part]} built in")
        if part not in ("mpi", "undefined"):
            raise ValueError(f"Unknown backend {part!r}: hookgrad.distributed runs on MPI only "
                             "(backend='mpi' or None)")


def _check_world_size(comm, world_size, rank):
    """MPI decides rank and world size; a different size asked for means a missing launcher."""
    size = comm.Get_size()
    wanted = world_size if world_size != -1 else int(os.environ.get("WORLD_SIZE", size))
    if wanted != size:
        how = ("this process was not started by an MPI launcher"
               if size == 1 else f"the MPI launcher started {size} processes")
        raise RuntimeError(
            f"init_process_group: a world of {wanted} processes was asked for, but {how}. "
            f"Start the ranks with `python -m hookgrad.distributed.run --nproc-per-node "
            f"{wanted} script.py ...` on one machine, or `mpiexec -n {wanted} python "
            f"script.py ...` (with -hostfile on a cluster).")
    if world_size != -1 or rank != -1:
        warnings.warn(f"For MPI backend, world_size ({world_size}) and rank ({rank}) are "
                      "ignored since they are assigned by the MPI runtime.", stacklevel=3)


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1,
                       store=None, group_name="", pg_options=None, device_id=None):
    """Join the MPI job as the default process group (rank and size from the launcher)."""
    global _previous_excepthook
    if GroupMember.WORLD is not None:
        raise ValueError("trying to initialize the default process group twice!")
    if store is not None and init_method is not None:
        raise AssertionError("Cannot specify both init_method and store.")
    _check_backend(backend)
    MPI = _mpi.load()
    if not MPI.Is_initialized():
        MPI.Init_thread()
    _check_world_size(MPI.COMM_WORLD, world_size, rank)
    GroupMember.WORLD = ProcessGroup(MPI.COMM_WORLD.Dup())
    _previous_excepthook = sys.excepthook
    sys.excepthook = _rank_excepthook


def destroy_process_group(group=None):
    """Leave the default group (MPI itself is finalised when the process exits)."""
    global _previous_excepthook
    pg = GroupMember.WORLD if group is None else group
    if pg is None:
        raise AssertionError("Process group cannot be None")
    if pg is not GroupMember.WORLD:
        raise ValueError("Invalid process group specified")
    GroupMember.WORLD = None
    if _mpi.loaded() is not None:
        pg._comm.Free()
    if sys.excepthook is _rank_excepthook:
        sys.excepthook = _previous_excepthook
    _previous_excepthook = None


def get_rank(group=None):
    """This process's rank in ``group`` (default: the world)."""
    return _resolve(group).rank()


def get_world_size(group=None):
    """The number of processes in ``group`` (default: the world)."""
    return _resolve(group).size()


def get_backend(group=None):
    _resolve(group)
    return Backend(Backend.MPI)


def _rank_excepthook(exc_type, exc, traceback):
    """Print an uncaught exception with a ``[rankN]:`` prefix on each line, as PyTorch does,
    then abort the MPI job: otherwise this rank would wait in MPI's finalisation while the
    others wait for it in their next collective, and the job would hang instead of failing."""
    world = GroupMember.WORLD
    prefix = f"[rank{world.rank() if world is not None else '?'}]"
    buffer = io.StringIO()
    previous = _previous_excepthook or sys.__excepthook__
    saved_stderr, sys.stderr = sys.stderr, buffer
    try:
        previous(exc_type, exc, traceback)
    finally:
        sys.stderr = saved_stderr
    text = "\n".join(f"{prefix}: {line}" if line else "" for line in
                     buffer.getvalue().split("\n"))
    sys.stderr.write(text)
    sys.stderr.flush()
    MPI = _mpi.loaded()
    if MPI is not None and world is not None and world.size() > 1:
        MPI.COMM_WORLD.Abort(1)
