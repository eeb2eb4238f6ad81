"""DistributedSampler against the indices PyTorch 2.13 gave (tools/record_distributed.py)."""
import pytest
from _recorded import load

from hookgrad.utils.data import DataLoader, DistributedSampler, TensorDataset
from hookgrad.utils.data.distributed import _torch_randperm

CASES = load("distributed_sampler")["cases"]


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


def _id(case):
    return (f"n{case['n']}-r{case['num_replicas']}-seed{case['seed']}-epoch{case['epoch']}"
            f"-{'shuffle' if case['shuffle'] else 'ordered'}"
            f"{'-drop_last' if case['drop_last'] else ''}")


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_indices_match_pytorch(case):
    for rank, expected in enumerate(case["ranks"]):
        sampler = DistributedSampler(Sized(case["n"]), num_replicas=case["num_replicas"],
                                     rank=rank, shuffle=case["shuffle"], seed=case["seed"],
                                     drop_last=case["drop_last"])
        sampler.set_epoch(case["epoch"])
        assert len(sampler) == expected["len"]
        assert list(sampler) == expected["indices"]


def test_set_epoch_reshuffles_and_seed_is_shared():
    sampler = DistributedSampler(Sized(50), num_replicas=2, rank=0, seed=3)
    first = list(sampler)
    assert list(sampler) == first   # same epoch, same order
    sampler.set_epoch(1)
    assert list(sampler) != first
    other = DistributedSampler(Sized(50), num_replicas=2, rank=1, seed=3)
    other.set_epoch(1)
    assert sorted(list(sampler) + list(other)) == list(range(50))   # a partition


def test_invalid_rank():
    with pytest.raises(ValueError, match=r"Invalid rank 2, rank should be in the interval "
                                         r"\[0, 1\]"):
        DistributedSampler(Sized(4), num_replicas=2, rank=2)


def test_needs_a_process_group_without_num_replicas():
    with pytest.raises(ValueError, match="Default process group has not been initialized"):
        DistributedSampler(Sized(4))


def test_too_long_to_reproduce_pytorchs_shuffle():
    with pytest.raises(NotImplementedError, match="fewer than 214,748,364 samples"):
        _torch_randperm(2**32 // 20, 0)


def test_with_a_dataloader():
    import hookgrad as torch
    data = TensorDataset(torch.arange(10))
    sampler = DistributedSampler(data, num_replicas=3, rank=2, shuffle=False)
    batches = [b[0].tolist() for b in DataLoader(data, batch_size=2, sampler=sampler)]
    assert batches == [[2, 5], [8, 1]]   # rank 2's share of 0..9 padded with 0, 1
