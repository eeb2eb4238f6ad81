"""Adagrad (lr decay, initial accumulator, weight decay, maximize): PyTorch's for-loop path.

As in PyTorch, every parameter's state (``step``, ``sum``) exists from construction."""
import numpy as np

from .._ops.elementwise import sqrt_array
from .._ops.fused import add_scaled
from .._ops.ternary import addcdiv_array_, addcmul_array_
from .._tensor import _make
from .adadelta import check_lr
from .optimizer import Optimizer, _bump, _closure_loss, _real, _scalar, _step_counter, _use_grad

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Adagrad; ``foreach``/``fused`` are accepted and ignored (one implementation, whose
    float32 rounding is that of PyTorch's for-loop path), ``differentiable=True`` is
    refused."""

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0,
                 eps=1e-10, foreach=None, *, maximize=False, differentiable=False, fused=None):
        check_lr(lr)
        if not 0.0 <= lr_decay:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= initial_accumulator_value:
            raise ValueError("Invalid initial_accumulator_value value: "
                             f"{initial_accumulator_value}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "fused": fused}
        super().__init__(params, defaults)
        if fused and foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = _step_counter()
                # (a complex parameter's sum starts at value + value j, as PyTorch's)
                start = initial_accumulator_value
                if p._data.dtype.kind == "c":
                    start = complex(start, start)
                state["sum"] = _make(np.full_like(p._data, start))

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("foreach", None), ("maximize", False), ("differentiable", False),
                          ("fused", None))

    def share_memory(self):
        """Nothing to do: state lives in this process's memory."""

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, lr_decay, eps = _scalar(group["lr"]), group["lr_decay"], group["eps"]
            weight_decay = group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad._data
                if group["maximize"]:
                    grad = -grad
                state = self.state[p]
                step_t, state_sum = state["step"], state["sum"]
                step_t._data += 1
                step = float(step_t._data)
                # PyTorch's single-tensor steps, each rounded as its kernel rounds it (the
                # fused multiply-adds of add(alpha=) and addcmul_), on complex tensors' real
                # views as PyTorch's
                if weight_decay != 0:  # (on complex tensors, before their real views)
                    grad = add_scaled(grad, p._data, weight_decay)
                param, total, grad = _real(p._data), _real(state_sum._data), _real(grad)
                dtype = param.dtype.type
                clr = lr / (1 + (step - 1) * lr_decay)
                addcmul_array_(total, grad, grad, dtype(1))
                std = sqrt_array(total)
                std += dtype(eps)
                addcdiv_array_(param, grad, std, dtype(-clr))
                _bump(step_t, state_sum, p)
        return loss
