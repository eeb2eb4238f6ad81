"""DataLoader: batches of a map-style dataset, in order or shuffled, with default collation.

Loading is always in-process: ``num_workers`` and ``pin_memory`` are accepted and ignored."""
import collections.abc
import copy
import math

import numpy as np

from ... import _creation, _dtype, _random
from ..._ops.shape import stack
from ..._tensor import Tensor

__all__ = ["DataLoader", "default_collate", "default_convert"]

_COLLATE_ERROR = ("default_collate: batch must contain tensors, numpy arrays, numbers, dicts or "
                  "lists; found {}")


def default_collate(batch):
    """Stack a list of samples into a batch, recursing into dicts, tuples and lists (a tuple
    of fields becomes a list of batched fields, as in PyTorch)."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if isinstance(elem, np.ndarray):
        if elem.dtype.kind in "OSUV":
            raise TypeError(_COLLATE_ERROR.format(elem.dtype))
        return default_collate([_creation.as_tensor(b) for b in batch])
    if isinstance(elem, np.generic):
        return _creation.as_tensor(np.array(batch))
    if isinstance(elem, float):
        return _creation.tensor(batch, dtype=_dtype.float64)
    if isinstance(elem, int):
        return _creation.tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        collated = {key: default_collate([d[key] for d in batch]) for key in elem}
        if isinstance(elem, collections.abc.MutableMapping):
            clone = copy.copy(elem)
            clone.update(collated)
            return clone
        try:
            return type(elem)(collated)
        except TypeError:
            return collated
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # namedtuple
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        if any(len(sample) != len(elem) for sample in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        fields = [default_collate(samples) for samples in zip(*batch)]
        if isinstance(elem, tuple):
            return fields
        try:
            return type(elem)(fields)
        except TypeError:
            return fields
    raise TypeError(_COLLATE_ERROR.format(type(elem)))


def default_convert(data):
    """Turn NumPy arrays into tensors, recursing into containers (used when not batching)."""
    if isinstance(data, np.ndarray) and data.dtype.kind not in "OSUV":
        return _creation.as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return {key: default_convert(value) for key, value in data.items()}
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, (list, tuple)):
        return type(data)(default_convert(d) for d in data)
    return data


class DataLoader:
    """Iterate over ``dataset`` in batches of ``batch_size`` (``None``: single samples).

    With ``shuffle=True`` each epoch draws a permutation from ``generator``, or, when it is
    None, from a fresh generator seeded from the global one (so ``hookgrad.manual_seed``
    makes shuffling reproducible). ``sampler`` may be any iterable of indices."""

    def __init__(self, dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, generator=None):
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None and (batch_size != 1 or shuffle or sampler is not None
                                          or drop_last):
            raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                             "shuffle, sampler, and drop_last")
        if batch_sampler is not None:
            batch_size, drop_last = None, False
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.num_workers = num_workers
        self.drop_last = drop_last
        self.generator = generator
        self.collate_fn = collate_fn or (default_collate if batch_size is not None
                                         or batch_sampler is not None else default_convert)

    def _indices(self):
        if self.sampler is not None:
            return iter(self.sampler)
        n = len(self.dataset)
        if not self.shuffle:
            return iter(range(n))
        generator = self.generator
        if generator is None:
            seed = int(_creation.empty((), dtype=_dtype.int64).random_(2 ** 62).item())
            generator = _random.Generator().manual_seed(seed)
        return iter(_creation.randperm(n, generator=generator).tolist())

    def _batches(self):
        if self.batch_sampler is not None:
            yield from self.batch_sampler
            return
        batch = []
        for index in self._indices():
            batch.append(index)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __iter__(self):
        if self.batch_size is None and self.batch_sampler is None:
            for index in self._indices():
                yield self.collate_fn(self.dataset[index])
            return
        for indices in self._batches():
            yield self.collate_fn([self.dataset[i] for i in indices])

    def __len__(self):
        if self.batch_sampler is not None:
            return len(self.batch_sampler)
        n = len(self.sampler) if self.sampler is not None else len(self.dataset)
        if self.batch_size is None:
            return n
        return n // self.batch_size if self.drop_last else math.ceil(n / self.batch_size)
