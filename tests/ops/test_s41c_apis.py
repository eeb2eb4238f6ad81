"""What the s41c parity cases cannot pin: behaviour where hookgrad knowingly differs from
PyTorch (polar's double backward), and the new ops on larger random inputs, where only a
reference written independently of the op can check them."""
import numpy as np
import pytest

import hookgrad as torch

F = torch.nn.functional


def test_polar_refuses_create_graph_rather_than_a_wrong_graph():
    # PyTorch differentiates polar_backward again; hookgrad computes it on arrays, so it
    # must refuse create_graph instead of returning a gradient without history
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([0.5, -1.0], requires_grad=True)
    out = torch.polar(a, b)
    with pytest.raises(RuntimeError, match="polar's gradient is not differentiable again"):
        torch.autograd.grad(out.real.sum(), [a, b], create_graph=True)
    ga, gb = torch.autograd.grad(torch.polar(a, b).real.sum(), [a, b])
    assert np.allclose(ga.numpy(), np.cos([0.5, -1.0]))
    assert np.allclose(gb.numpy(), -np.array([1.0, 2.0]) * np.sin([0.5, -1.0]))


def test_embedding_bag_sums_rows_in_bag_order():
    # a large bag set against a plain per-bag loop (float64: additions in order)
    rng = np.random.default_rng(0)
    weight = rng.standard_normal((50, 7))
    indices = rng.integers(0, 50, 400)
    offsets = np.sort(rng.choice(np.arange(1, 400), 30, replace=False))
    offsets = np.r_[0, offsets]
    out = F.embedding_bag(torch.tensor(indices), torch.tensor(weight), torch.tensor(offsets),
                          mode="sum").numpy()
    ends = np.r_[offsets[1:], 400]
    for bag, (start, end) in enumerate(zip(offsets, ends)):
        total = np.zeros(7)
        for i in range(start, end):
            total = total + weight[indices[i]]
        assert (out[bag] == total).all()


def test_put_accumulate_adds_duplicates_in_order():
    x = torch.zeros(3, dtype=torch.float32)
    values = torch.tensor([1e8, 1.0, -1e8, 1.0], dtype=torch.float32)
    out = x.put(torch.tensor([0, 0, 0, 0]), values, accumulate=True)
    expected = np.float32(0)
    for v in values.numpy():
        expected = np.float32(expected + v)
    assert out[0].item() == expected
