"""Adam (with amsgrad, L2 or decoupled weight decay, maximize): PyTorch's for-loop path."""
import numpy as np

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

__all__ = ["Adam"]


class Adam(Optimizer):
    """Adam; ``foreach``/``fused``/``capturable`` are accepted and ignored (one implementation),
    ``differentiable=True`` is refused."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not all(isinstance(b, float) for b in betas):
            raise ValueError("betas must be either both floats or both Tensors")
        defaults = {"lr": lr, "betas": tuple(betas), "eps": eps, "weight_decay": weight_decay,
                    "amsgrad": amsgrad, "maximize": maximize, "foreach": foreach,
                    "capturable": capturable, "differentiable": differentiable, "fused": fused,
                    "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            for key, value in (("amsgrad", False), ("maximize", False), ("foreach", None),
                               ("capturable", False), ("differentiable", False),
                               ("decoupled_weight_decay", False), ("fused", None)):
                group.setdefault(key, value)

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, (beta1, beta2) = _scalar(group["lr"]), group["betas"]
            weight_decay, eps, amsgrad = group["weight_decay"], group["eps"], group["amsgrad"]
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
                    state["exp_avg_sq"] = _zeros_like(p)
                    if amsgrad:
                        state["max_exp_avg_sq"] = _zeros_like(p)
                step_t, exp_avg, exp_avg_sq = state["step"], state["exp_avg"], state["exp_avg_sq"]
                step_t._data += 1
                if weight_decay != 0:
                    if group["decoupled_weight_decay"]:
                        p._data *= 1 - lr * weight_decay
                    else:
                        grad = grad + weight_decay * p._data
                _lerp_(exp_avg._data, grad, 1 - beta1)
                exp_avg_sq._data *= beta2
                exp_avg_sq._data += (1 - beta2) * grad * grad
                step = float(step_t._data)
                bias_correction1 = 1 - beta1 ** step
                bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
                second = exp_avg_sq
                if amsgrad:
                    second = state["max_exp_avg_sq"]
                    np.maximum(second._data, exp_avg_sq._data, out=second._data)
                    _bump(second)
                denom = np.sqrt(second._data) / bias_correction2_sqrt + eps
                p._data += -(lr / bias_correction1) * exp_avg._data / denom
                _bump(step_t, exp_avg, exp_avg_sq, p)
        return loss
