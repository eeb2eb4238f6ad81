"""NAdam (Nesterov Adam with momentum decay; L2 or decoupled weight decay, maximize):
PyTorch's for-loop path, with its float32 running product of momentum coefficients."""
import numpy as np

from .._ops.elementwise import sqrt_array
from .._ops.fused import add_scaled
from .._ops.ternary import addcdiv_array_, addcmul_array_, lerp_array_
from .._tensor import _make
from .adadelta import check_lr
from .adamax import check_betas
from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _grad_and_state,
    _real,
    _scalar,
    _use_grad,
)

__all__ = ["NAdam"]


class NAdam(Optimizer):
    """NAdam; ``foreach``/``capturable`` are accepted and ignored (one implementation),
    ``differentiable=True`` is refused."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 momentum_decay=4e-3, decoupled_weight_decay=False, *, foreach=None,
                 maximize=False, capturable=False, differentiable=False):
        check_lr(lr)
        check_betas(betas, eps, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "momentum_decay": momentum_decay,
                    "decoupled_weight_decay": decoupled_weight_decay, "maximize": maximize,
                    "foreach": foreach, "capturable": capturable,
                    "differentiable": differentiable}
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("maximize", False), ("foreach", None), ("capturable", False),
                          ("differentiable", False), ("decoupled_weight_decay", False))

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, (beta1, beta2) = _scalar(group["lr"]), group["betas"]
            eps, weight_decay = group["eps"], group["weight_decay"]
            momentum_decay = group["momentum_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad, state = _grad_and_state(
                    self, p, group, ("mu_product", lambda: _make(np.ones((), np.float32))),
                    "exp_avg", "exp_avg_sq")
                step_t, mu_product = state["step"], state["mu_product"]
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                step_t._data += 1
                step = float(step_t._data)
                bias_correction2 = 1 - beta2 ** step
                # PyTorch's single-tensor steps, each rounded as its kernel rounds it (the
                # fused multiply-adds of add(alpha=), lerp_ and addcmul_; the scalars in
                # Python's doubles, then in the parameter's dtype), on complex tensors' real
                # views as PyTorch's
                param, grad = _real(p._data), _real(grad)
                first, second = _real(exp_avg._data), _real(exp_avg_sq._data)
                dtype = param.dtype.type
                if weight_decay != 0:
                    if group["decoupled_weight_decay"]:
                        param *= dtype(1 - lr * weight_decay)
                        _bump(p)
                    else:
                        grad = add_scaled(grad, param, weight_decay)
                mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
                mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
                mu_product._data *= mu  # a float32 product, rounded each step as in PyTorch
                product = float(mu_product._data)
                lerp_array_(first, grad, 1 - beta1)
                second *= dtype(beta2)
                addcmul_array_(second, grad, grad, dtype(1 - beta2))
                denom = sqrt_array(second / dtype(bias_correction2))
                denom += dtype(eps)
                grad_step = -lr * (1.0 - mu) / (1.0 - product)
                momentum_step = (-lr * mu_next) / (1.0 - product * mu_next)
                addcdiv_array_(param, grad, denom, dtype(grad_step))
                addcdiv_array_(param, first, denom, dtype(momentum_step))
                _bump(step_t, mu_product, exp_avg, exp_avg_sq, exp_avg_sq, p, p)
        return loss
