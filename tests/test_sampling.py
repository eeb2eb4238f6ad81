"""torch.multinomial / bernoulli / normal / poisson: the distributions drawn from.

hookgrad's random streams are its own, so these tests check distributions (frequencies
and moments over many draws, within five standard errors) and reproducibility under a
seed; shapes, dtypes, nodes and error messages are checked against PyTorch in
tests/parity/api_sampling.py."""
import itertools

import numpy as np
import pytest

import hookgrad as torch

N = 40_000


@pytest.fixture(autouse=True)
def seeded():
    torch.manual_seed(1234)


def _within(observed, expected, standard_error):
    assert np.all(np.abs(np.asarray(observed) - expected) <= 5 * standard_error), (
        observed, expected)


def test_multinomial_with_replacement_draws_the_given_frequencies():
    probs = np.array([0.1, 0.2, 0.0, 0.7])
    draws = torch.multinomial(torch.tensor(probs * 3.0, dtype=torch.float32), N, True)
    counts = np.bincount(draws.numpy(), minlength=4) / N
    _within(counts, probs, np.sqrt(probs * (1 - probs) / N))
    assert counts[2] == 0  # a zero-probability category is never drawn


def test_multinomial_without_replacement_draws_in_sequence():
    """Without replacement, the second draw is proportional to the remaining weights:
    P(i, j) = p_i p_j / (1 - p_i), and no row repeats a category."""
    probs = np.array([0.1, 0.2, 0.7])
    rows = torch.tensor(np.tile(probs, (N, 1)), dtype=torch.float32)
    draws = torch.multinomial(rows, 2).numpy()
    assert draws.shape == (N, 2) and np.all(draws[:, 0] != draws[:, 1])
    for i, j in itertools.permutations(range(3), 2):
        expected = probs[i] * probs[j] / (1 - probs[i])
        observed = np.mean((draws[:, 0] == i) & (draws[:, 1] == j))
        _within(observed, expected, np.sqrt(expected * (1 - expected) / N))


def test_multinomial_all_categories_without_replacement_is_a_permutation():
    draws = torch.multinomial(torch.ones(50, 6), 6).numpy()
    assert all(sorted(row) == list(range(6)) for row in draws)


def test_multinomial_exhausts_zero_weights_last():
    draws = torch.multinomial(torch.tensor([[0.0, 5.0, 0.0, 1.0]] * 200), 3).numpy()
    assert set(map(tuple, np.sort(draws[:, :2], axis=1))) == {(1, 3)}
    assert set(draws[:, 2]) <= {0, 2}


def test_bernoulli_frequencies_and_dtypes():
    probs = torch.tensor([0.0, 0.25, 0.5, 0.9, 1.0], dtype=torch.float64).repeat(N, 1)
    draws = torch.bernoulli(probs)
    assert draws.dtype == torch.float64 and set(np.unique(draws.numpy())) <= {0.0, 1.0}
    p = np.array([0.0, 0.25, 0.5, 0.9, 1.0])
    _within(draws.numpy().mean(axis=0), p, np.sqrt(p * (1 - p) / N) + 1e-12)
    fixed = torch.bernoulli(torch.zeros(N, dtype=torch.int64), 0.3)
    assert fixed.dtype == torch.int64
    _within(fixed.numpy().mean(), 0.3, np.sqrt(0.21 / N))


def test_normal_overloads_have_the_requested_moments():
    mean = torch.tensor([-2.0, 0.0, 3.0])
    std = torch.tensor([0.5, 1.0, 2.0])
    draws = torch.normal(mean.repeat(N, 1), std.repeat(N, 1)).numpy()
    _within(draws.mean(axis=0), mean.numpy(), std.numpy() / np.sqrt(N))
    _within(draws.std(axis=0), std.numpy(), std.numpy() / np.sqrt(2 * N))
    scalar = torch.normal(1.5, 0.25, (N,)).numpy()
    _within(scalar.mean(), 1.5, 0.25 / np.sqrt(N))
    _within(scalar.std(), 0.25, 0.25 / np.sqrt(2 * N))
    broadcast = torch.normal(torch.zeros(N, 1), torch.tensor([1.0, 3.0]))
    assert broadcast.shape == (N, 2)
    _within(broadcast.numpy().std(axis=0), [1.0, 3.0], np.array([1.0, 3.0]) / np.sqrt(2 * N))


def test_normal_with_zero_std_is_the_mean_exactly():
    mean = torch.tensor([1.25, -3.5])
    assert torch.normal(mean, 0.0).tolist() == [1.25, -3.5]
    assert torch.normal(2.0, torch.zeros(3)).tolist() == [2.0, 2.0, 2.0]


def test_poisson_moments():
    rates = torch.tensor([0.5, 4.0, 30.0]).repeat(N, 1)
    draws = torch.poisson(rates).numpy()
    assert draws.dtype == np.float32 and np.all(draws == np.round(draws)) and draws.min() >= 0
    lam = np.array([0.5, 4.0, 30.0])
    _within(draws.mean(axis=0), lam, np.sqrt(lam / N))
    _within(draws.var(axis=0), lam, lam * np.sqrt(2.0 / N) + np.sqrt(lam / N))


def test_poisson_of_huge_rates_stays_close_to_the_rate():
    draws = torch.poisson(torch.tensor([1e16, 1e30], dtype=torch.float64)).numpy()
    assert np.allclose(draws, [1e16, 1e30], rtol=1e-6)


@pytest.mark.parametrize("sample", [
    lambda g: torch.multinomial(torch.tensor([0.2, 0.3, 0.5]), 3, generator=g),
    lambda g: torch.multinomial(torch.tensor([0.2, 0.3, 0.5]), 8, True, generator=g),
    lambda g: torch.bernoulli(torch.full((8,), 0.5), generator=g),
    lambda g: torch.normal(torch.zeros(8), 1.0, generator=g),
    lambda g: torch.normal(0.0, 1.0, (8,), generator=g),
    lambda g: torch.poisson(torch.full((8,), 3.0), generator=g),
])
def test_a_seeded_generator_reproduces_its_draws(sample):
    first = sample(torch.Generator().manual_seed(7))
    again = sample(torch.Generator().manual_seed(7))
    assert first.tolist() == again.tolist()


def test_manual_seed_reproduces_the_default_stream():
    torch.manual_seed(3)
    first = (torch.multinomial(torch.ones(10), 4), torch.normal(0.0, 1.0, (3,)))
    torch.manual_seed(3)
    again = (torch.multinomial(torch.ones(10), 4), torch.normal(0.0, 1.0, (3,)))
    assert [t.tolist() for t in first] == [t.tolist() for t in again]


def test_sampling_nodes_pass_zero_gradients_with_create_graph():
    mean = torch.zeros(3, requires_grad=True)
    out = torch.normal(mean, 1.0)
    (grad,) = torch.autograd.grad(out.sum(), mean, create_graph=True)
    assert grad.tolist() == [0.0, 0.0, 0.0]
