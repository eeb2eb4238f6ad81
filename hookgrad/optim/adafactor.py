"""Adafactor (factored second moments for matrices, update clipping, decoupled weight decay,
maximize): PyTorch's for-loop path, written with tensor operations as PyTorch's is so its
reductions (norms, means, the row x column product) round as PyTorch's."""
import numpy as np

from .._ops.reduce import norm
from .optimizer import Optimizer, _closure_loss, _scalar, _step_counter, _use_grad

__all__ = ["Adafactor"]


class Adafactor(Optimizer):
    """Adafactor; ``foreach=True`` rounds its last step as PyTorch's foreach form does."""

    def __init__(self, params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0,
                 weight_decay=0.0, *, foreach=None, maximize=False):
        if hasattr(lr, "numel") and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 >= beta2_decay:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if eps[0] is not None and not 0.0 <= eps[0]:
            raise ValueError(f"epsilon1 should be >= 0 but is: {eps[0]}")
        if not 0.0 <= eps[1]:
            raise ValueError(f"epsilon2 should be >= 0 but is: {eps[1]}")
        if not 1.0 <= d:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight_decay should be >= 0 but is: {weight_decay}")
        defaults = {"lr": lr, "beta2_decay": beta2_decay, "eps": eps, "d": d,
                    "weight_decay": weight_decay, "foreach": foreach, "maximize": maximize}
        super().__init__(params, defaults)

    # (what a pickled optimizer of an older release lacks; see Optimizer.__setstate__)
    _restored_defaults = (("foreach", None),)

    @_use_grad
    def step(self, closure=None):
        """Perform a single optimization step."""
        loss = _closure_loss(closure)
        for group in self.param_groups:
            eps1, eps2 = group["eps"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                if p.is_complex():
                    raise RuntimeError("Adafactor does not support complex parameters")
                if p.grad.is_sparse:
                    raise RuntimeError("Adafactor does not support sparse gradients")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _step_counter()
                    if p.grad.dim() > 1:
                        # row and column factors of the second moment: the gradient's shape
                        # with its last (rows) or second-to-last (columns) dimension reduced
                        shape = list(p.grad.shape)
                        state["row_var"] = p.grad.new_zeros(shape[:-1] + [1])
                        state["col_var"] = p.grad.new_zeros(shape[:-2] + [1, shape[-1]])
                    else:
                        state["variance"] = p.grad.new_zeros(p.grad.shape)
                if eps1 is None:  # (the first parameter's dtype's, kept for the group's others)
                    eps1 = float(np.finfo(p._data.dtype).eps)
                _update(p, state, group, eps1, eps2)
        return loss


def _update(param, state, group, eps1, eps2):
    """One parameter's step: PyTorch's ``_single_tensor_adafactor`` body."""
    lr, d = _scalar(group["lr"]), group["d"]
    grad = -param.grad if group["maximize"] else param.grad
    step_t = state["step"]
    step_t += 1
    step_float = step_t.item()
    one_minus_beta2_t = step_float ** group["beta2_decay"]
    rho_t = min(lr, 1 / (step_float ** 0.5))
    alpha = max(eps2, param.norm(2).item() / (param.numel() ** 0.5)) * rho_t
    if group["weight_decay"] != 0:
        param.mul_(1 - lr * group["weight_decay"])
    if grad.dim() > 1:
        row_var, col_var = state["row_var"], state["col_var"]
        # (g * g).mean over the last, then the second-to-last, dimension
        row_mean = norm(grad, dim=-1, keepdim=True).square_().div_(grad.size(-1))
        row_var.lerp_(row_mean, one_minus_beta2_t)
        col_mean = norm(grad, dim=-2, keepdim=True).square_().div_(grad.size(-2))
        col_var.lerp_(col_mean, one_minus_beta2_t)
        var_estimate = row_var @ col_var
        var_estimate.div_(row_var.mean(dim=-2, keepdim=True).clamp_(min=eps1))
    else:
        variance = state["variance"]
        variance.lerp_(grad * grad, one_minus_beta2_t)
        var_estimate = variance.clone()
    # eps1 squared, as its square root is taken next
    update = var_estimate.clamp_(min=eps1 * eps1).rsqrt_()
    update.mul_(grad)
    denom = max(1.0, update.norm(2).item() / ((update.numel() ** 0.5) * d))
    if group["foreach"]:  # PyTorch's foreach form: scale, then add (two roundings)
        param.add_(update.mul_(-alpha / denom))
    else:
        param.add_(update, alpha=-alpha / denom)
