"""RMSprop (alpha, eps, centered, momentum, weight decay, maximize): PyTorch's for-loop path."""
from .._ops.elementwise import sqrt_array
from .._ops.fused import add_scaled, add_scaled_
from .._ops.ternary import addcdiv_array_, addcmul_array_, lerp_array_
from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _grad_and_state,
    _real,
    _scalar,
    _use_grad,
)

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    """RMSprop; ``foreach``/``capturable`` are accepted and ignored (one implementation),
    ``differentiable=True`` is refused."""

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False, capturable=False, foreach=None, maximize=False,
                 differentiable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= momentum:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps,
                    "centered": centered, "weight_decay": weight_decay, "capturable": capturable,
                    "foreach": foreach, "maximize": maximize, "differentiable": differentiable}
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("momentum", 0), ("centered", False), ("foreach", None),
                          ("maximize", False), ("differentiable", False), ("capturable", False))

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, alpha, eps = _scalar(group["lr"]), group["alpha"], group["eps"]
            momentum, weight_decay = group["momentum"], group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad, state = _grad_and_state(
                    self, p, group, "square_avg", *(["momentum_buffer"] if momentum > 0 else []),
                    *(["grad_avg"] if group["centered"] else []))
                state["step"]._data += 1
                # PyTorch's single-tensor steps, each rounded as its kernel rounds it (the
                # fused multiply-adds of add(alpha=), addcmul_ and lerp_), on complex
                # tensors' real views as PyTorch's
                if weight_decay != 0:  # (on complex tensors, before their real views)
                    grad = add_scaled(grad, p._data, weight_decay)
                param, grad = _real(p._data), _real(grad)
                dtype = param.dtype.type
                square_avg = state["square_avg"]
                squares = _real(square_avg._data)
                squares *= dtype(alpha)
                addcmul_array_(squares, grad, grad, dtype(1 - alpha))
                _bump(state["step"], square_avg, square_avg)  # (mul_, addcmul_)
                if group["centered"]:
                    grad_avg = state["grad_avg"]
                    mean = _real(grad_avg._data)
                    lerp_array_(mean, grad, 1 - alpha)
                    _bump(grad_avg)
                    avg = squares.copy()
                    addcmul_array_(avg, mean, mean, dtype(-1))
                    avg = sqrt_array(avg)
                else:
                    avg = sqrt_array(squares)
                avg += dtype(eps)
                if momentum > 0:
                    buf = state["momentum_buffer"]
                    velocity = _real(buf._data)
                    velocity *= dtype(momentum)
                    addcdiv_array_(velocity, grad, avg, dtype(1))
                    _bump(buf, buf)
                    add_scaled_(param, velocity, -lr)
                else:
                    addcdiv_array_(param, grad, avg, dtype(-lr))
                _bump(p)
        return loss
