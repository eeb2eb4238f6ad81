"""RAdam (rectified Adam; L2 or decoupled weight decay, maximize): PyTorch's for-loop path."""
from .._ops.elementwise import sqrt_array
from .._ops.fused import add_scaled
from .._ops.ternary import addcmul_array_, lerp_array_
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

__all__ = ["RAdam"]


class RAdam(Optimizer):
    """RAdam; ``foreach``/``capturable`` are accepted and ignored (one implementation),
    ``differentiable=True`` is refused."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False,
                 capturable=False, differentiable=False):
        check_lr(lr)
        check_betas(betas, eps, weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "maximize": maximize, "foreach": foreach, "capturable": capturable,
                    "decoupled_weight_decay": decoupled_weight_decay,
                    "differentiable": differentiable}
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("foreach", None), ("maximize", False), ("differentiable", False),
                          ("decoupled_weight_decay", False), ("capturable", False))

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
                grad, state = _grad_and_state(self, p, group, "exp_avg", "exp_avg_sq")
                step_t, exp_avg, exp_avg_sq = state["step"], state["exp_avg"], state["exp_avg_sq"]
                step_t._data += 1
                step = float(step_t._data)
                # PyTorch's single-tensor steps, each rounded as its kernel rounds it (the
                # fused multiply-adds of add(alpha=), lerp_ and addcmul_; a number divided by
                # a tensor is its reciprocal times the number), on complex tensors' real views
                param, grad = _real(p._data), _real(grad)
                first, second = _real(exp_avg._data), _real(exp_avg_sq._data)
                dtype = param.dtype.type
                if weight_decay != 0:
                    if group["decoupled_weight_decay"]:
                        param *= dtype(1 - lr * weight_decay)
                        _bump(p)
                    else:
                        grad = add_scaled(grad, param, weight_decay)
                lerp_array_(first, grad, 1 - beta1)
                second *= dtype(beta2)
                addcmul_array_(second, grad, grad, dtype(1 - beta2))
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                update = first / dtype(bias_correction1)
                update *= dtype(lr)
                rho_inf = 2 / (1 - beta2) - 1
                rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
                if rho_t > 5.0:
                    rect = ((rho_t - 4) * (rho_t - 2) * rho_inf
                            / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
                    adaptive_lr = sqrt_array(second)
                    adaptive_lr += dtype(eps)
                    adaptive_lr = 1 / adaptive_lr
                    adaptive_lr *= dtype(bias_correction2 ** 0.5)
                    update *= adaptive_lr
                    update *= dtype(rect)
                param -= update  # (add_(alpha=-1.0): fused, but exact before its rounding)
                _bump(step_t, exp_avg, exp_avg_sq, exp_avg_sq, p)
        return loss
