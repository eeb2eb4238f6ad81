"""Adam (with amsgrad, L2 or decoupled weight decay, maximize): PyTorch's for-loop path."""
import numpy as np

from .._ops.elementwise import sqrt_array
from .._ops.fused import add_scaled
from .._ops.ternary import addcmul_array_, lerp_array_
from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _real,
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
                # PyTorch's single-tensor steps, each rounded as its kernel rounds it (the
                # fused multiply-adds of add(alpha=), lerp_ and addcmul_; MKL's sqrt), on
                # complex tensors' real views as PyTorch's
                param, first, second = (_real(t._data) for t in (p, exp_avg, exp_avg_sq))
                grad = _real(grad)
                dtype = param.dtype.type
                if weight_decay != 0:
                    if group["decoupled_weight_decay"]:
                        param *= dtype(1 - lr * weight_decay)
                        _bump(p)
                    else:
                        grad = add_scaled(grad, param, weight_decay)
                step = float(step_t._data)
                bias_correction1 = 1 - beta1 ** step
                bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
                lerp_array_(first, grad, 1 - beta1)
                second *= dtype(beta2)
                addcmul_array_(second, grad, grad, dtype(1 - beta2))
                if amsgrad:
                    largest = _real(state["max_exp_avg_sq"]._data)
                    np.maximum(largest, second, out=largest)
                    _bump(state["max_exp_avg_sq"])
                    second = largest
                # param.addcdiv_(exp_avg, sqrt(second) / bias_correction2_sqrt + eps,
                # value=-step_size), left to right
                denom = sqrt_array(second)
                denom /= dtype(bias_correction2_sqrt)
                denom += dtype(eps)
                update = dtype(-(lr / bias_correction1)) * first
                update /= denom
                param += update
                _bump(step_t, exp_avg, exp_avg_sq, exp_avg_sq, p)
        return loss
