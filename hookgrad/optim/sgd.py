"""SGD with momentum, dampening, Nesterov, weight decay and maximize (PyTorch's for-loop path)."""
from .._ops.fused import add_scaled, add_scaled_
from .._ops.materialized_views import after_write
from .._ops.materialized_views import made as _materialized
from .._tensor_base import _make
from .optimizer import Optimizer, _bump, _closure_loss, _scalar, _use_grad

__all__ = ["SGD"]


class SGD(Optimizer):
    """Stochastic gradient descent; ``foreach``/``fused`` are accepted and ignored (one
    implementation), ``differentiable=True`` is refused."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False,
                 *, maximize=False, foreach=None, differentiable=False, fused=None):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("nesterov", False), ("maximize", False), ("foreach", None),
                          ("differentiable", False), ("fused", False))

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, momentum = _scalar(group["lr"]), group["momentum"]
            dampening, weight_decay = group["dampening"], group["weight_decay"]
            if not (momentum or weight_decay or group["maximize"]):
                _plain_step(group["params"], lr)
                continue
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad._data
                if group["maximize"]:
                    grad = -grad
                if weight_decay != 0:
                    grad = add_scaled(grad, p._data, weight_decay)
                if momentum != 0:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = state["momentum_buffer"] = _make(grad.copy())
                    else:
                        buf._data *= momentum
                        add_scaled_(buf._data, grad, 1 - dampening)
                        _bump(buf)
                    grad = add_scaled(grad, buf._data, momentum) if group["nesterov"] \
                        else buf._data
                add_scaled_(p._data, grad, -lr)
                _bump(p)
        return loss


def _plain_step(params, lr):
    """``p.add_(p.grad, alpha=-lr)`` for every parameter with a gradient: SGD's most common
    form, the loop above without its per-parameter option checks. PyTorch's add kernel
    fuses the multiply-add (one rounding: ``p - lr * grad`` rounded twice differs in 1-2% of
    elements at lr 0.01)."""
    alpha = -lr
    for p in params:
        grad = p._grad
        if grad is not None:
            add_scaled_(p._data, grad._data, alpha)
            p._vc[0] += 1
            if _materialized[0] and len(p._vc) > 1:  # (conj views of it: see _bump)
                after_write(p)
