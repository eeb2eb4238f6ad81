"""ASGD (averaged SGD: lambd, alpha, t0, weight decay, maximize): PyTorch's for-loop path, in
its order of float operations; ``eta`` and ``mu`` are float32 scalars in the state, as there.
Complex parameters are updated as pairs of independent reals, as in PyTorch."""
import numpy as np

from .._ops.complex_ops import view_as_real
from .._ops.fused import _scaled_sum
from .._tensor_base import _make
from .adadelta import check_lr
from .optimizer import Optimizer, _bump, _closure_loss, _scalar, _step_counter, _use_grad
from .rprop import _real

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """Averaged stochastic gradient descent; ``foreach=True`` takes PyTorch's foreach formula
    (its numbers differ in the last bits), ``capturable`` is accepted and ignored,
    ``differentiable=True`` is refused."""

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0,
                 foreach=None, maximize=False, differentiable=False, capturable=False):
        check_lr(lr)
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0,
                    "weight_decay": weight_decay, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable, "capturable": capturable}
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("foreach", None), ("maximize", False), ("differentiable", False),
                          ("capturable", False))

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            lr, lambd, alpha = _scalar(group["lr"]), group["lambd"], group["alpha"]
            t0, weight_decay = group["t0"], group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                if p.grad.is_sparse:
                    raise RuntimeError("ASGD does not support sparse gradients")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _step_counter()
                    state["eta"] = _make(np.array(lr, np.float32))
                    state["mu"] = _make(np.ones((), np.float32))
                    state["ax"] = _make(np.zeros_like(p._data))
                step_t, eta, mu, ax = state["step"], state["eta"], state["mu"], state["ax"]
                if group["foreach"]:
                    _foreach_form(p, step_t, eta, mu, ax, group)
                    continue
                grad = _real(p.grad._data)
                if group["maximize"]:
                    grad = -grad
                param, average = _real(p._data), _real(ax._data)
                step_t._data += 1
                # x + alpha * y as PyTorch's add kernel: one fused multiply-add
                if weight_decay != 0:
                    grad = _scaled_sum(grad, param, weight_decay)
                eta_value = float(eta._data)
                param *= 1 - lambd * eta_value  # decay term
                param[...] = _scaled_sum(param, grad, -eta_value)
                mu_value = mu._data
                if float(mu_value) != 1:
                    average += (param - average) * mu_value
                else:
                    average[...] = param
                step = float(step_t._data)
                eta._data[...] = lr / ((1 + lambd * lr * step) ** alpha)
                mu._data[...] = 1 / max(1, step - t0)
                # version counters as PyTorch's in-place ops leave them (the parameter: mul_, add_)
                _bump(step_t, eta, mu, ax, p, p)
        return loss


def _foreach_form(p, step_t, eta, mu, ax, group):
    """PyTorch's ``foreach=True`` update (on CPU its foreach ops run tensor by tensor): the
    decay folded into one product with eta, ``ax`` always averaged by ``addcmul_``."""
    lr, lambd, alpha = _scalar(group["lr"]), group["lambd"], group["alpha"]
    grad = -p.grad if group["maximize"] else p.grad
    param = p
    if p.is_complex():
        grad, param, ax = view_as_real(grad), view_as_real(p), view_as_real(ax)
    step_t += 1
    if group["weight_decay"] != 0:
        intermediate = grad.add(param, alpha=group["weight_decay"])
        intermediate.add_(param, alpha=lambd)
    else:
        intermediate = grad.add(param, alpha=lambd)
    param.addcmul_(intermediate, eta, value=-1)
    ax.addcmul_(param.sub(ax), mu)
    # eta in float32 tensor arithmetic here (the step is the state's tensor), mu in double
    eta.copy_(lr / ((1 + lambd * lr * step_t) ** alpha))
    mu.fill_(1 / max(1, step_t.item() - group["t0"]))
