"""torch.utils.data: map-style datasets and an in-process DataLoader."""
from .dataloader import DataLoader, default_collate, default_convert
from .dataset import Dataset, Subset, TensorDataset, random_split

__all__ = ["DataLoader", "Dataset", "Subset", "TensorDataset", "default_collate",
           "default_convert", "random_split"]
