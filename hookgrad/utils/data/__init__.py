"""torch.utils.data: map-style datasets, an in-process DataLoader, DistributedSampler."""
from .dataloader import DataLoader, default_collate, default_convert
from .dataset import Dataset, Subset, TensorDataset, random_split
from .distributed import DistributedSampler

__all__ = ["DataLoader", "Dataset", "DistributedSampler", "Subset", "TensorDataset",
           "default_collate", "default_convert", "random_split"]
