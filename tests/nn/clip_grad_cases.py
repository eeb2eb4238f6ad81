"""The clip_grad_norm_ cases run against values recorded from PyTorch: three gradients of
different shapes (and a parameter without one) clipped by each (max_norm, norm_type), in
hookgrad (test_clip_grad.py) and in real PyTorch (tools/record/clip_grad.py, which writes
tests/recorded/clip_grad.json)."""
import numpy as np

import hookgrad as torch
from hookgrad.nn.utils import clip_grad_norm_

CASES = {  # name: (max_norm, norm_type)
    "l2_clip": (1.0, 2.0),
    "l2_no_clip": (100.0, 2),
    "l1_clip": (0.5, 1),
    "inf_clip": (0.25, "inf"),
    "p3_clip": (0.7, 3.5),
    "l0": (4.0, 0),
}


def grads():
    """Three gradients of different shapes, one parameter without a gradient."""
    values = (np.arange(1, 22) * 37 % 23 - 11) / 7
    return [values[:6].reshape(2, 3), values[6:10], values[10:21].reshape(11, 1), None]


def clip(tm, name):
    max_norm, norm_type = CASES[name]
    params = []
    for g in grads():
        p = tm.zeros(g.shape if g is not None else (2,), requires_grad=True)
        if g is not None:
            p.grad = tm.tensor(g.astype(np.float32))
        params.append(p)
    total = clip_fn(tm)(params, max_norm, norm_type=float(norm_type))
    flat = [v for p in params if p.grad is not None for v in p.grad.reshape(-1).tolist()]
    return [total.item()] + flat


def clip_fn(tm):
    return tm.nn.utils.clip_grad_norm_ if tm is not torch else clip_grad_norm_
