"""Adam's small parameters stepped together give the bits of their separate steps."""
import numpy as np
import pytest

import hookgrad
import hookgrad.optim.adam as adam


def _run(seed, together, special=None, alias=False):
    rng = np.random.default_rng(seed)
    shapes = [(128,), (3, 5), (1,), (10,), (64, 80), (7,)]
    params = [hookgrad.nn.Parameter(hookgrad.tensor(rng.standard_normal(s).astype(np.float32)))
              for s in shapes]
    opt = adam.Adam(params, lr=0.01)
    saved = adam.TOGETHER_MAX_ELEMENTS
    adam.TOGETHER_MAX_ELEMENTS = saved if together else 0
    try:
        for it in range(3):
            for j, p in enumerate(params):
                if (it + j) % 4 == 3:  # (steps that differ between parameters)
                    p.grad = None
                    continue
                g = (rng.standard_normal(p._data.shape) * 10.0 ** rng.integers(-5, 3))
                g = g.astype(np.float32)
                if special is not None and j == 1:
                    g.reshape(-1)[0] = special
                p.grad = hookgrad.tensor(g)
            if alias:  # (a gradient viewing another parameter: steps in order)
                params[3].grad = hookgrad.tensor(params[2]._data.reshape(-1)[:1].repeat(10))
                params[5].grad = hookgrad.tensor(np.zeros(7, np.float32))
                params[5].grad._data = params[0]._data[:7]
            with np.errstate(all="ignore"):
                opt.step()
    finally:
        adam.TOGETHER_MAX_ELEMENTS = saved
    arrays = [p._data for p in params]
    for p in params:
        arrays += [opt.state[p]["exp_avg"]._data, opt.state[p]["exp_avg_sq"]._data]
    return [a.tobytes() for a in arrays]


@pytest.mark.parametrize("special", [None, np.nan, np.inf, -0.0, 1e-41, 1e30])
@pytest.mark.parametrize("seed", [0, 1])
def test_together_equals_separate(seed, special):
    assert _run(seed, True, special) == _run(seed, False, special)


def test_aliased_gradient_steps_in_order():
    assert _run(2, True, alias=True) == _run(2, False, alias=True)
