"""torch.nn.parallel: DataParallel (a pass-through: there are no GPUs) and
DistributedDataParallel (on hookgrad.distributed, MPI)."""
from .data_parallel import DataParallel, data_parallel
from .distributed import DistributedDataParallel

__all__ = ["DataParallel", "DistributedDataParallel", "data_parallel"]
