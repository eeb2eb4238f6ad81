"""Adamax (the infinity-norm Adam; weight decay, maximize): PyTorch's for-loop path."""
import numpy as np

from .adadelta import check_lr
from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _lerp_,
    _scalar,
    _step_counter,
    _use_grad,
    _zeros_like,
)

__all__ = ["Adamax"]


def check_betas(betas, eps, weight_decay):
    if not 0.0 <= eps:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if not 0.0 <= weight_decay:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class Adamax(Optimizer):
    """Adamax; ``foreach``/``capturable`` are accepted and ignored (one implementation),
    ``differentiable=True`` is refused."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 foreach=None, *, maximize=False, differentiable=False, capturable=False):
        check_lr(lr)
        check_betas(betas, eps, weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "foreach": foreach, "maximize": maximize, "differentiable": differentiable,
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
            lr, (beta1, beta2) = _scalar(group["lr"]), group["betas"]
            eps, weight_decay = group["eps"], group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad._data
                if group["maximize"]:
                    grad = -grad
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _step_counter()
                    state["exp_avg"] = _zeros_like(p)
                    state["exp_inf"] = _zeros_like(p)
                step_t, exp_avg, exp_inf = state["step"], state["exp_avg"], state["exp_inf"]
                step_t._data += 1
                if weight_decay != 0:
                    grad = grad + weight_decay * p._data
                _lerp_(exp_avg._data, grad, 1 - beta1)
                exp_inf._data *= beta2
                np.maximum(exp_inf._data, np.abs(grad) + eps, out=exp_inf._data)
                clr = lr / (1 - beta1 ** float(step_t._data))
                p._data += -clr * exp_avg._data / exp_inf._data
                _bump(step_t, exp_avg, exp_inf, p)
        return loss
