"""Adamax (the infinity-norm Adam; weight decay, maximize): PyTorch's for-loop path."""
import numpy as np

from .._ops.fused import add_scaled
from .._ops.ternary import addcdiv_array_, lerp_array_
from .adadelta import check_lr
from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _grad_and_state,
    _real,
    _scalar,
    _use_grad,
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
                grad, state = _grad_and_state(self, p, group, "exp_avg", "exp_inf")
                step_t, exp_avg, exp_inf = state["step"], state["exp_avg"], state["exp_inf"]
                step_t._data += 1
                # PyTorch's single-tensor steps, each rounded as its kernel rounds it (the
                # fused multiply-adds of add(alpha=) and lerp_), on complex tensors' real
                # views as PyTorch's
                if weight_decay != 0:  # (on complex tensors, before their real views)
                    grad = add_scaled(grad, p._data, weight_decay)
                param, grad = _real(p._data), _real(grad)
                first, largest = _real(exp_avg._data), _real(exp_inf._data)
                dtype = param.dtype.type
                lerp_array_(first, grad, 1 - beta1)
                largest *= dtype(beta2)
                bound = np.abs(grad)
                bound += dtype(eps)
                np.maximum(largest, bound, out=largest)
                clr = lr / (1 - beta1 ** float(step_t._data))
                addcdiv_array_(param, first, largest, dtype(-clr))
                _bump(step_t, exp_avg, exp_inf, exp_inf, p)  # (mul_, maximum(out=))
        return loss
