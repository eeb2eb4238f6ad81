"""Rprop (etas, step-size bounds, maximize): PyTorch's for-loop path, in its order of float
operations. Complex parameters are updated as pairs of independent reals, as in PyTorch."""
import numpy as np

from .._tensor_base import _make
from .adadelta import check_lr
from .optimizer import Optimizer, _bump, _closure_loss, _scalar, _step_counter, _use_grad

__all__ = ["Rprop"]


def _real(array):
    """A complex array's real view (real and imaginary parts interleaved), else the array."""
    return array.view(array.real.dtype) if np.iscomplexobj(array) else array


class Rprop(Optimizer):
    """Resilient backpropagation; ``foreach``/``capturable`` are accepted and ignored (one
    implementation), ``differentiable=True`` is refused."""

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        check_lr(lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable,
                    "capturable": capturable}
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("foreach", None), ("maximize", False), ("differentiable", False),
                          ("capturable", False))

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            etaminus, etaplus = group["etas"]
            step_size_min, step_size_max = group["step_sizes"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                if p.grad.is_sparse:
                    raise RuntimeError("Rprop does not support sparse gradients")
                state = self.state[p]
                if len(state) == 0:
                    lr = _scalar(group["lr"])
                    state["step"] = _step_counter()
                    state["prev"] = _make(np.zeros_like(p._data))
                    fill = complex(lr, lr) if np.iscomplexobj(p._data) else lr
                    state["step_size"] = _make(np.full_like(p.grad._data, fill))
                prev, step_size = state["prev"], state["step_size"]
                state["step"]._data += 1
                grad = _real(p.grad._data)
                if group["maximize"]:
                    grad = -grad
                prev_data, sizes = _real(prev._data), _real(step_size._data)
                # sign(grad * prev) becomes the step-size factor: etaplus where positive,
                # etaminus where negative, 1 where zero (NaN stays NaN, as in PyTorch)
                sign = np.array(np.sign(grad * prev_data))  # an array even for 0-d
                sign[sign > 0] = etaplus
                sign[sign < 0] = etaminus
                sign[sign == 0] = 1
                sizes *= sign
                np.clip(sizes, step_size_min, step_size_max, out=sizes)
                # where the gradient changed sign, no step and no memory of it
                grad = np.array(grad)  # a copy (an array even for 0-d)
                grad[sign == etaminus] = 0
                param = _real(p._data)
                param -= np.sign(grad) * sizes
                prev_data[...] = grad
                # version counters as PyTorch's in-place ops leave them (step_size: mul_, clamp_)
                _bump(state["step"], prev, step_size, step_size, p)
        return loss
