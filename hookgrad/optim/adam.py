"""Adam (with amsgrad, L2 or decoupled weight decay, maximize): PyTorch's for-loop path."""
import numpy as np

from .._ops.elementwise import sqrt_array
from .._ops.fused import add_scaled
from .._ops.ternary import addcmul_array_, lerp_array_
from .optimizer import (
    Optimizer,
    _bump,
    _closure_loss,
    _grad_and_state,
    _real,
    _scalar,
    _use_grad,
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
            steps = [self._prepare(p, group) for p in group["params"] if p.grad is not None]
            together = {}  # (step, dtype) -> small parameters stepped as one (_step_together)
            alone = steps
            if not (group["weight_decay"] or group["amsgrad"] or group["maximize"]):
                alone = []
                for entry in steps:
                    if _small_dense(*entry[:4]):
                        together.setdefault((entry[4], entry[0].dtype), []).append(entry)
                    else:
                        alone.append(entry)
            if sum(len(members) > 1 for members in together.values()) and _separate(steps):
                for entry in alone:
                    _step_one(entry, group)
                for members in together.values():
                    _step_together(members, group)
            else:
                for entry in steps:
                    _step_one(entry, group)
        return loss

    def _prepare(self, p, group):
        """A parameter's state made and its step counted: ``(param, grad, first, second, step,
        state, p)``, the arrays as the step reads them (complex tensors' real views, as
        PyTorch's)."""
        grad, state = _grad_and_state(self, p, group, "exp_avg", "exp_avg_sq",
                                      *(["max_exp_avg_sq"] if group["amsgrad"] else []))
        step_t = state["step"]
        step_t._data += 1
        param, first, second = (_real(t._data) for t in (p, state["exp_avg"],
                                                         state["exp_avg_sq"]))
        return param, _real(grad), first, second, float(step_t._data), state, p


def _step_one(entry, group):
    """PyTorch's single-tensor step of one parameter, each operation rounded as its kernel
    rounds it (the fused multiply-adds of add(alpha=), lerp_ and addcmul_; MKL's sqrt)."""
    param, grad, first, second, step, state, p = entry
    lr, weight_decay = _scalar(group["lr"]), group["weight_decay"]
    if weight_decay != 0:
        if group["decoupled_weight_decay"]:
            param *= param.dtype.type(1 - lr * weight_decay)
            _bump(p)
        else:
            grad = add_scaled(grad, param, weight_decay)
    largest = None
    if group["amsgrad"]:
        largest = _real(state["max_exp_avg_sq"]._data)
        _bump(state["max_exp_avg_sq"])
    _adam_update(param, grad, first, second, largest, lr, *group["betas"], group["eps"], step)
    _bump(state["step"], state["exp_avg"], state["exp_avg_sq"], state["exp_avg_sq"], p)


def _adam_update(param, grad, first, second, largest, lr, beta1, beta2, eps, step):
    """One Adam step of arrays in place: the moments, then ``param`` (``largest``: amsgrad's
    running maximum of the second moment, or None)."""
    dtype = param.dtype.type
    bias_correction1 = 1 - beta1 ** step
    bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
    lerp_array_(first, grad, 1 - beta1)
    second *= dtype(beta2)
    addcmul_array_(second, grad, grad, dtype(1 - beta2))
    if largest is not None:
        np.maximum(largest, second, out=largest)
        second = largest
    # param.addcdiv_(exp_avg, sqrt(second) / bias_correction2_sqrt + eps,
    # value=-step_size), left to right
    denom = sqrt_array(second)
    denom /= dtype(bias_correction2_sqrt)
    denom += dtype(eps)
    update = dtype(-(lr / bias_correction1)) * first
    update /= denom
    param += update


# Parameters of up to this many elements are stepped together: NumPy's ~20 calls of a step
# cost ~25 us whatever the size, W5's 14 biases and norm weights 0.4 ms a step
TOGETHER_MAX_ELEMENTS = 4096


def _small_dense(param, grad, first, second):
    """Whether a parameter joins the small ones stepped together: float32 / float64 (not a
    complex one's real view), at most TOGETHER_MAX_ELEMENTS, its gradient and moments of its
    dtype, shape and C layout, each array's memory owned by it or by the array it views."""
    return (param.size <= TOGETHER_MAX_ELEMENTS and param.dtype in _FLOATS
            and param.flags.writeable and first.flags.writeable and second.flags.writeable
            and all(type(a) is np.ndarray and a.dtype == param.dtype and a.shape == param.shape
                    and a.flags.c_contiguous and (a.base is None or type(a.base) is np.ndarray)
                    for a in (param, grad, first, second)))


_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def _step_together(members, group):
    """The Adam steps of ``members`` (``_prepare``'s entries of one dtype and step) on their
    concatenation, one set of NumPy calls for all: every operation of a step is elementwise
    (BLAS's axpy fused at every length, VML's sqrt at every position, the addcmul emulation
    element by element), so each element gets the bits of its own step; members with a
    NaN or an infinity step one by one."""
    if len(members) == 1:
        _step_one(members[0], group)
        return
    param, grad, first, second = (np.concatenate([m[i].reshape(-1) for m in members])
                                  for i in range(4))
    with np.errstate(over="ignore", invalid="ignore"):
        finite = np.isfinite(param.sum() + grad.sum() + first.sum() + second.sum())
    if not finite:
        # (where both operands of a NumPy operation are NaN, which NaN it keeps depends on
        # where the element falls, vector body or scalar tail; from finite values only the
        # one default NaN arises)
        for member in members:
            _step_one(member, group)
        return
    _adam_update(param, grad, first, second, None, _scalar(group["lr"]), *group["betas"],
                 group["eps"], members[0][4])
    offset = 0
    for member in members:
        size = member[0].size
        for target, flat in zip((member[0], member[2], member[3]), (param, first, second)):
            target.reshape(-1)[...] = flat[offset:offset + size]
        offset += size
        state = member[5]
        _bump(state["step"], state["exp_avg"], state["exp_avg_sq"], state["exp_avg_sq"],
              member[6])


def _separate(steps):
    """Whether the arrays the steps write (parameters, moments) are each their own memory and
    no gradient is one of them (by the arrays that own the memory): then the order of the
    steps cannot matter, and the small ones may step together."""
    written = {id(_owner(entry[i])) for entry in steps for i in (0, 2, 3)}
    return (len(written) == 3 * len(steps)
            and not any(id(_owner(entry[1])) in written for entry in steps))


def _owner(array):
    return array if array.base is None else array.base
