"""Adam (with amsgrad, L2 or decoupled weight decay, maximize): PyTorch's for-loop path."""
import numpy as np

from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _scalar,
    _step_counter,
    _use_grad,
    _zeros_like,
)

__all__ = ["Adam"]


def _lerp_into(t, end, weight, scratch):
    """``t.lerp_(end, weight)`` on arrays, with PyTorch's two-sided formula, through
    ``scratch`` (an array like ``t``) instead of temporaries."""
    diff = np.subtract(end, t, out=scratch)
    if abs(weight) < 0.5:
        diff *= weight
        t += diff
    else:
        diff *= 1 - weight
        np.subtract(end, diff, out=t)


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

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("amsgrad", False), ("maximize", False), ("foreach", None),
                          ("capturable", False), ("differentiable", False),
                          ("decoupled_weight_decay", False), ("fused", None))

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
                step = float(step_t._data)
                bias_correction1 = 1 - beta1 ** step
                bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
                # in place, through one scratch array: no temporaries per expression
                scratch = np.empty_like(grad)
                _lerp_into(exp_avg._data, grad, 1 - beta1, scratch)
                second = exp_avg_sq._data
                second *= beta2
                np.multiply(grad, grad, out=scratch)
                scratch *= 1 - beta2
                second += scratch
                if amsgrad:
                    np.maximum(state["max_exp_avg_sq"]._data, second,
                               out=state["max_exp_avg_sq"]._data)
                    _bump(state["max_exp_avg_sq"])
                    second = state["max_exp_avg_sq"]._data
                # param -= step_size * exp_avg / (sqrt(second) / bias_correction2_sqrt + eps)
                denom = np.sqrt(second, out=scratch)
                denom /= bias_correction2_sqrt
                denom += eps
                update = np.divide(exp_avg._data, denom, out=scratch)
                update *= -(lr / bias_correction1)
                p._data += update
                _bump(step_t, exp_avg, exp_avg_sq, p)
        return loss
