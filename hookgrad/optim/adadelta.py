"""Adadelta (rho, eps, weight decay, maximize): PyTorch's for-loop path, in its order of
float32 operations."""
from .._ops.elementwise import sqrt_array
from .._ops.fused import add_scaled, add_scaled_
from .._ops.ternary import addcmul_array_
from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _grad_and_state,
    _real,
    _scalar,
    _use_grad,
)

__all__ = ["Adadelta"]


def check_lr(lr):
    """PyTorch's checks of a learning rate (a number or a one-element Tensor)."""
    if hasattr(lr, "numel") and lr.numel() != 1:
        raise ValueError("Tensor lr must be 1-element")
    if not 0.0 <= lr:
        raise ValueError(f"Invalid learning rate: {lr}")


class Adadelta(Optimizer):
    """Adadelta; ``foreach``/``capturable`` are accepted and ignored (one implementation),
    ``differentiable=True`` is refused."""

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
                 capturable=False, maximize=False, differentiable=False):
        check_lr(lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay,
                    "maximize": maximize, "capturable": capturable, "foreach": foreach,
                    "differentiable": differentiable}
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("foreach", None), ("maximize", False), ("differentiable", False),
                          ("capturable", False))

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, rho, eps = _scalar(group["lr"]), group["rho"], group["eps"]
            weight_decay = group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad, state = _grad_and_state(self, p, group, "square_avg", "acc_delta")
                square_avg, acc_delta = state["square_avg"], state["acc_delta"]
                state["step"]._data += 1
                # PyTorch's single-tensor steps, each rounded as its kernel rounds it (the
                # fused multiply-adds of add(alpha=) and addcmul_), on complex tensors' real
                # views as PyTorch's
                if weight_decay != 0:  # (on complex tensors, before their real views)
                    grad = add_scaled(grad, p._data, weight_decay)
                grad = _real(grad)
                dtype = grad.dtype.type
                squares, deltas = _real(square_avg._data), _real(acc_delta._data)
                squares *= dtype(rho)
                addcmul_array_(squares, grad, grad, dtype(1 - rho))
                std = sqrt_array(squares + dtype(eps))
                delta = sqrt_array(deltas + dtype(eps))
                delta /= std
                delta *= grad
                deltas *= dtype(rho)
                addcmul_array_(deltas, delta, delta, dtype(1 - rho))
                # (the parameter itself, complex or not: PyTorch adds the complex delta,
                # whose complex add is not fused)
                if p._data.dtype.kind == "c":
                    delta = delta.view(p._data.dtype)[..., 0]
                add_scaled_(p._data, delta, -lr)
                _bump(state["step"], square_avg, square_avg, acc_delta, acc_delta, p)
        return loss
