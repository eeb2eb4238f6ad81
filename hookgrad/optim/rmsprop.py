"""RMSprop (alpha, eps, centered, momentum, weight decay, maximize): PyTorch's for-loop path."""
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
                grad = p.grad._data
                if group["maximize"]:
                    grad = -grad
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _step_counter()
                    state["square_avg"] = _zeros_like(p)
                    if momentum > 0:
                        state["momentum_buffer"] = _zeros_like(p)
                    if group["centered"]:
                        state["grad_avg"] = _zeros_like(p)
                state["step"]._data += 1
                if weight_decay != 0:
                    grad = grad + weight_decay * p._data
                square_avg = state["square_avg"]
                square_avg._data *= alpha
                square_avg._data += (1 - alpha) * grad * grad
                _bump(state["step"], square_avg)
                if group["centered"]:
                    grad_avg = state["grad_avg"]
                    _lerp_(grad_avg._data, grad, 1 - alpha)
                    _bump(grad_avg)
                    avg = np.sqrt(square_avg._data + -1 * grad_avg._data * grad_avg._data)
                else:
                    avg = np.sqrt(square_avg._data)
                avg += eps
                if momentum > 0:
                    buf = state["momentum_buffer"]
                    buf._data *= momentum
                    buf._data += grad / avg
                    _bump(buf)
                    p._data += -lr * buf._data
                else:
                    p._data += -lr * grad / avg
                _bump(p)
        return loss
