"""utils.data (Dataset, TensorDataset, Subset, random_split, DataLoader, default_collate) and
the bundled digits set."""
import collections

import numpy as np
import pytest

import hookgrad as torch
from hookgrad.datasets import load_digits
from hookgrad.utils.data import (
    DataLoader,
    Dataset,
    Subset,
    TensorDataset,
    default_collate,
    random_split,
)


def _dataset(n=5):
    return TensorDataset(torch.arange(2 * n).float().reshape(n, 2), torch.arange(n))


def test_tensor_dataset():
    ds = _dataset()
    assert len(ds) == 5
    x, y = ds[3]
    assert x.tolist() == [6.0, 7.0] and y.item() == 3
    with pytest.raises(AssertionError, match="Size mismatch between tensors"):
        TensorDataset(torch.zeros(3), torch.zeros(4))
    with pytest.raises(NotImplementedError):
        Dataset()[0]


def test_dataloader_batches_in_order():
    batches = list(DataLoader(_dataset(), batch_size=2))
    assert [type(b) for b in batches] == [list] * 3  # tuples collate into lists, as in PyTorch
    assert [b[1].tolist() for b in batches] == [[0, 1], [2, 3], [4]]
    assert batches[0][0].shape == (2, 2) and batches[0][0].dtype == torch.float32
    assert batches[0][1].dtype == torch.int64
    assert len(DataLoader(_dataset(), batch_size=2)) == 3
    dropped = DataLoader(_dataset(), batch_size=2, drop_last=True)
    assert len(dropped) == 2 and [b[1].tolist() for b in dropped] == [[0, 1], [2, 3]]
    assert [b[1].tolist() for b in DataLoader(_dataset(3))] == [[0], [1], [2]]


def test_dataloader_single_samples_and_custom_collate():
    loader = DataLoader(_dataset(3), batch_size=None)
    assert len(loader) == 3 and [y.item() for _, y in loader] == [0, 1, 2]
    loader = DataLoader(_dataset(4), batch_size=3, collate_fn=lambda batch: len(batch))
    assert list(loader) == [3, 1]
    loader = DataLoader(_dataset(4), batch_size=2, sampler=[3, 1, 0])
    assert [b[1].tolist() for b in loader] == [[3, 1], [0]] and len(loader) == 2
    loader = DataLoader(_dataset(4), batch_sampler=[[2, 0], [1]])
    assert [b[1].tolist() for b in loader] == [[2, 0], [1]] and len(loader) == 2
    with pytest.raises(ValueError, match="sampler option is mutually exclusive with shuffle"):
        DataLoader(_dataset(), sampler=[0], shuffle=True)


def test_dataloader_shuffle_is_seeded():
    def epoch(loader):
        return [i for _, y in loader for i in y.tolist()]

    loader = DataLoader(_dataset(10), batch_size=3, shuffle=True,
                        generator=torch.Generator().manual_seed(0))
    first, second = epoch(loader), epoch(loader)
    assert sorted(first) == list(range(10)) and sorted(second) == list(range(10))
    assert first != second  # the generator advances between epochs
    again = DataLoader(_dataset(10), batch_size=3, shuffle=True,
                       generator=torch.Generator().manual_seed(0))
    assert epoch(again) == first
    torch.manual_seed(3)
    global_first = epoch(DataLoader(_dataset(10), batch_size=4, shuffle=True))
    torch.manual_seed(3)
    assert epoch(DataLoader(_dataset(10), batch_size=4, shuffle=True)) == global_first


def test_default_collate():
    Point = collections.namedtuple("Point", "x y")
    batch = default_collate([1.5, 2.0])
    assert batch.dtype == torch.float64 and batch.tolist() == [1.5, 2.0]
    assert default_collate([True, False]).dtype == torch.bool
    assert default_collate([1, 2]).dtype == torch.int64
    assert default_collate([np.float32(1), np.float32(2)]).dtype == torch.float32
    pairs = default_collate([(1, "a"), (2, "b")])
    assert pairs[0].tolist() == [1, 2] and pairs[1] == ("a", "b")
    nested = default_collate([{"x": np.ones(2), "p": Point(1, [2, 3])},
                              {"x": np.zeros(2), "p": Point(4, [5, 6])}])
    assert nested["x"].dtype == torch.float64 and nested["x"].shape == (2, 2)
    assert isinstance(nested["p"], Point) and nested["p"].x.tolist() == [1, 4]
    assert [t.tolist() for t in nested["p"].y] == [[2, 5], [3, 6]]
    assert [t.tolist() for t in default_collate([[1, 2], [3, 4]])] == [[1, 3], [2, 4]]
    with pytest.raises(RuntimeError, match="each element in list of batch should be of equal"):
        default_collate([[1, 2], [3]])
    with pytest.raises(TypeError, match="default_collate: batch must contain tensors, numpy "
                                        "arrays, numbers, dicts or lists; found <class 'object'>"):
        default_collate([object()])


def test_subset_and_random_split():
    ds = _dataset(10)
    sub = Subset(ds, [4, 2])
    assert len(sub) == 2 and sub[1][1].item() == 2
    parts = random_split(ds, [0.7, 0.3], generator=torch.Generator().manual_seed(1))
    assert [len(p) for p in parts] == [7, 3]
    assert sorted(parts[0].indices + parts[1].indices) == list(range(10))
    again = random_split(ds, [7, 3], generator=torch.Generator().manual_seed(1))
    assert again[0].indices == parts[0].indices
    with pytest.raises(ValueError, match="Sum of input lengths does not equal the length"):
        random_split(ds, [3, 3])
    with pytest.warns(UserWarning, match="Length of split at index 1 is 0"):
        random_split(_dataset(1), [0.5, 0.5])


def test_load_digits():
    images, labels = load_digits()
    assert images.shape == (1797, 1, 8, 8) and images.dtype == torch.float32
    assert labels.shape == (1797,) and labels.dtype == torch.int64
    assert images.min().item() == 0.0 and images.max().item() == 1.0
    assert labels[:10].tolist() == list(range(10))
    assert np.bincount(labels.numpy()).tolist() == [178, 182, 177, 183, 181, 182, 181, 179, 174,
                                                    180]
    # first row of the file: 0,0,5,13,9,1,0,0,...
    assert (images[0, 0, 0] * 16).tolist() == [0, 0, 5, 13, 9, 1, 0, 0]
    images[0, 0, 0, 0] = 1.0  # fresh tensors each call: the cache is not touched
    assert load_digits()[0][0, 0, 0, 0].item() == 0.0
