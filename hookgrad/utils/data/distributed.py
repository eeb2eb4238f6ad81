"""DistributedSampler: each rank's share of a dataset, the same indices PyTorch gives.

Shuffling reproduces PyTorch's CPU ``torch.randperm(n, generator=torch.Generator()
.manual_seed(seed + epoch))`` exactly: a Mersenne Twister (MT19937) seeded with the low 32
bits of the seed, and a Fisher-Yates pass in which element i swaps with element
``i + draw % (n - i)``. It does not use hookgrad's own random streams, so the indices do
not depend on ``hookgrad.manual_seed``."""
import math

import numpy as np

__all__ = ["DistributedSampler"]

# PyTorch shuffles longer datasets with another algorithm (64-bit draws); not reproduced.
_MAX_SHUFFLED = (2**32 - 1) // 20


def _torch_randperm(n, seed):
    """``torch.randperm(n, generator=torch.Generator().manual_seed(seed)).tolist()``."""
    if n >= _MAX_SHUFFLED:
        raise NotImplementedError(
            f"DistributedSampler(shuffle=True) reproduces PyTorch's permutation for datasets "
            f"of fewer than {_MAX_SHUFFLED:,} samples; this one has {n:,}. Use "
            "shuffle=False and shuffle the dataset yourself.")
    perm = list(range(n))
    if n < 2:
        return perm
    # NumPy's legacy RandomState is MT19937 seeded as PyTorch seeds it (init_genrand), and
    # its full-range uint32 draws are the raw generator outputs.
    draws = np.random.RandomState(seed & 0xFFFFFFFF).randint(
        0, 2**32, size=n - 1, dtype=np.uint32).tolist()
    for i, draw in enumerate(draws):
        j = i + draw % (n - i)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


class DistributedSampler:
    """Indices of ``dataset`` for rank ``rank`` of ``num_replicas`` (default: the process
    group's rank and size). Call ``set_epoch`` before each epoch to reshuffle."""

    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0,
                 drop_last=False):
        if num_replicas is None or rank is None:
            from ... import distributed as dist
            if not dist.is_available():
                raise RuntimeError("Requires distributed package to be available")
            if num_replicas is None:
                num_replicas = dist.get_world_size()
            if rank is None:
                rank = dist.get_rank()
        if rank >= num_replicas or rank < 0:
            raise ValueError(f"Invalid rank {rank}, rank should be in the interval "
                             f"[0, {num_replicas - 1}]")
        self.dataset = dataset
        self.num_replicas = num_replicas
        self.rank = rank
        self.epoch = 0
        self.drop_last = drop_last
        if self.drop_last and len(self.dataset) % self.num_replicas != 0:
            # the largest length every rank can have
            self.num_samples = math.ceil((len(self.dataset) - self.num_replicas)
                                         / self.num_replicas)
        else:
            self.num_samples = math.ceil(len(self.dataset) / self.num_replicas)
        self.total_size = self.num_samples * self.num_replicas
        self.shuffle = shuffle
        self.seed = seed

    def __iter__(self):
        n = len(self.dataset)
        indices = _torch_randperm(n, self.seed + self.epoch) if self.shuffle else list(range(n))
        if not self.drop_last:
            # repeat indices from the start until every rank has the same number
            padding_size = self.total_size - len(indices)
            if padding_size <= len(indices):
                indices += indices[:padding_size]
            else:
                indices += (indices * math.ceil(padding_size / len(indices)))[:padding_size]
        else:
            indices = indices[:self.total_size]
        if len(indices) != self.total_size:
            raise AssertionError(f"Number of indices ({len(indices)}) does not match total_size "
                                 f"({self.total_size})")
        indices = indices[self.rank:self.total_size:self.num_replicas]
        if len(indices) != self.num_samples:
            raise AssertionError(f"Number of subsampled indices ({len(indices)}) does not match "
                                 f"num_samples ({self.num_samples})")
        return iter(indices)

    def __len__(self):
        return self.num_samples

    def set_epoch(self, epoch):
        """Use a different shuffle for ``epoch`` (the same on every rank)."""
        self.epoch = epoch
