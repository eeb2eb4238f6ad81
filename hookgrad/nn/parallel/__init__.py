"""torch.nn.parallel: DistributedDataParallel (on hookgrad.distributed, MPI)."""
from .distributed import DistributedDataParallel

__all__ = ["DistributedDataParallel"]
