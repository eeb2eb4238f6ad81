"""torch.distributed on MPI (mpi4py; the ``dist`` extra: ``pip install 'hookgrad[dist]'``).

Importing this package never imports mpi4py: ``init_process_group`` does. Start the ranks
with ``python -m hookgrad.distributed.run --nproc-per-node N script.py`` or any ``mpiexec``."""
from . import _bucketing
from ._collectives import (
    ReduceOp,
    Work,
    all_gather,
    all_gather_into_tensor,
    all_gather_object,
    all_reduce,
    barrier,
    broadcast,
    broadcast_object_list,
    reduce_scatter,
    reduce_scatter_tensor,
)
from ._reducer import GradBucket
from .distributed_c10d import (
    Backend,
    GroupMember,
    ProcessGroup,
    destroy_process_group,
    get_backend,
    get_rank,
    get_world_size,
    group,
    init_process_group,
    is_available,
    is_gloo_available,
    is_initialized,
    is_mpi_available,
    is_nccl_available,
    is_torchelastic_launched,
)

__all__ = ["Backend", "GradBucket", "GroupMember", "ProcessGroup", "ReduceOp", "Work",
           "all_gather", "all_gather_into_tensor", "all_gather_object", "all_reduce", "barrier",
           "broadcast", "broadcast_object_list",
           "destroy_process_group", "get_backend", "get_rank", "get_world_size", "group",
           "init_process_group", "is_available", "is_gloo_available", "is_initialized",
           "is_mpi_available", "is_nccl_available", "is_torchelastic_launched",
           "reduce_scatter", "reduce_scatter_tensor"]

# PyTorch's private names for DDP's bucket rule
_DEFAULT_FIRST_BUCKET_BYTES = _bucketing.DEFAULT_FIRST_BUCKET_BYTES
_compute_bucket_assignment_by_size = _bucketing.compute_bucket_assignment_by_size
