"""Cyclical schedules that also cycle the momentum (SGD's ``momentum`` or Adam-like
``betas[0]``): CyclicLR and OneCycleLR, with PyTorch's formulas, attribute layout (so
``state_dict`` holds the same keys in the same order) and argument errors."""
import math
import types
from functools import partial

from .._tensor import Tensor
from .lr_scheduler_base import LRScheduler, _update_param_group_val
from .optimizer import Optimizer

__all__ = ["CyclicLR", "OneCycleLR"]


def _format_param(name, optimizer, param):
    """One value per parameter group (a list or tuple must have one per group)."""
    if isinstance(param, (list, tuple)):
        if len(param) != len(optimizer.param_groups):
            raise ValueError(f"{name} must have the same length as optimizer.param_groups. "
                             f"{name} has {len(param)} values, param_groups has "
                             f"{len(optimizer.param_groups)}.")
    else:
        param = [param] * len(optimizer.param_groups)
    return [p.clone() if isinstance(p, Tensor) else p for p in param]


def _check_optimizer(optimizer):
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")


def _momentum_kind(optimizer):
    """True when the optimizer's momentum is ``betas[0]``, False when it is ``momentum``."""
    if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
        raise ValueError("optimizer must support momentum or beta1 with `cycle_momentum` "
                         "option enabled")
    return "betas" in optimizer.defaults


def _set_momentum(group, use_beta1, momentum):
    if use_beta1:
        group["betas"] = (momentum, *group["betas"][1:])
    else:
        group["momentum"] = momentum


def _init_momentums(optimizer, use_beta1, max_momentums, base_momentums):
    """A fresh schedule starts each group at its max momentum and records both bounds."""
    for m_momentum, b_momentum, group in zip(max_momentums, base_momentums,
                                             optimizer.param_groups, strict=True):
        _set_momentum(group, use_beta1, m_momentum)
        group["max_momentum"] = m_momentum
        group["base_momentum"] = b_momentum


class CyclicLR(LRScheduler):
    """The lr cycles between ``base_lr`` and ``max_lr`` (modes triangular, triangular2,
    exp_range, or a custom ``scale_fn``), the momentum inversely between its bounds."""

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None,
                 mode="triangular", gamma=1.0, scale_fn=None, scale_mode="cycle",
                 cycle_momentum=True, base_momentum=0.8, max_momentum=0.9, last_epoch=-1):
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        base_lrs = _format_param("base_lr", optimizer, base_lr)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups, strict=True):
                _update_param_group_val(group, "lr", lr)
        self.max_lrs = _format_param("max_lr", optimizer, max_lr)
        step_size_up = float(step_size_up)
        step_size_down = float(step_size_down) if step_size_down is not None else step_size_up
        self.total_size = step_size_up + step_size_down
        self.step_ratio = step_size_up / self.total_size
        if mode not in ["triangular", "triangular2", "exp_range"] and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        self._init_scale_fn()
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            self.use_beta1 = _momentum_kind(optimizer)
            self.base_momentums = _format_param("base_momentum", optimizer, base_momentum)
            self.max_momentums = _format_param("max_momentum", optimizer, max_momentum)
            if last_epoch == -1:
                _init_momentums(optimizer, self.use_beta1, self.max_momentums,
                                self.base_momentums)
        super().__init__(optimizer, last_epoch)
        self.base_lrs = base_lrs

    def _init_scale_fn(self):
        if self._scale_fn_custom is not None:
            return
        if self.mode == "triangular":
            self._scale_fn_ref = self._triangular_scale_fn
            self.scale_mode = "cycle"
        elif self.mode == "triangular2":
            self._scale_fn_ref = self._triangular2_scale_fn
            self.scale_mode = "cycle"
        elif self.mode == "exp_range":
            self._scale_fn_ref = partial(self._exp_range_scale_fn, self.gamma)
            self.scale_mode = "iterations"

    def scale_fn(self, x):
        """The amplitude's scale at cycle (or iteration) ``x``."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        return self._scale_fn_ref(x)

    @staticmethod
    def _triangular_scale_fn(x):
        return 1.0

    @staticmethod
    def _triangular2_scale_fn(x):
        return 1 / (2.0 ** (x - 1))

    @staticmethod
    def _exp_range_scale_fn(gamma, x):
        return gamma ** x

    def get_lr(self):
        """This iteration's lrs; also sets the groups' momentum when it cycles."""
        self._warn_if_called_directly()
        cycle = math.floor(1 + self.last_epoch / self.total_size)
        x = 1.0 + self.last_epoch / self.total_size - cycle
        if x <= self.step_ratio:
            scale_factor = x / self.step_ratio
        else:
            scale_factor = (x - 1) / (self.step_ratio - 1)
        at = cycle if self.scale_mode == "cycle" else self.last_epoch
        lrs = [base_lr + (max_lr - base_lr) * scale_factor * self.scale_fn(at)
               for base_lr, max_lr in zip(self.base_lrs, self.max_lrs, strict=True)]
        if self.cycle_momentum:
            momentums = [max_m - (max_m - base_m) * scale_factor * self.scale_fn(at)
                         for base_m, max_m in zip(self.base_momentums, self.max_momentums,
                                                  strict=True)]
            for group, momentum in zip(self.optimizer.param_groups, momentums, strict=True):
                _set_momentum(group, self.use_beta1, momentum)
        return lrs

    def state_dict(self):
        """As the base's, without the built-in scale function (rebuilt on load); a custom one
        is saved as its ``__dict__`` when it is a callable object, else as None."""
        state = super().state_dict()
        state.pop("_scale_fn_ref", None)
        fn = state.pop("_scale_fn_custom")
        state["_scale_fn_custom"] = None
        if fn is not None and not isinstance(fn, types.FunctionType):
            state["_scale_fn_custom"] = fn.__dict__.copy()
        return state

    def load_state_dict(self, state_dict):
        fn = state_dict.pop("_scale_fn_custom")
        super().load_state_dict(state_dict)
        if fn is not None:
            self._scale_fn_custom.__dict__.update(fn)
        self._init_scale_fn()


class OneCycleLR(LRScheduler):
    """The 1cycle policy: the lr rises from ``max_lr / div_factor`` to ``max_lr`` and anneals
    to ``initial_lr / final_div_factor`` (cos or linear; optionally three phases), the
    momentum moves inversely. Stepping past ``total_steps`` raises, as in PyTorch."""

    def __init__(self, optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None,
                 pct_start=0.3, anneal_strategy="cos", cycle_momentum=True,
                 base_momentum=0.85, max_momentum=0.95, div_factor=25.0, final_div_factor=1e4,
                 three_phase=False, last_epoch=-1):
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        if total_steps is not None:
            if total_steps <= 0 or not isinstance(total_steps, int):
                raise ValueError(f"Expected positive integer total_steps, but got {total_steps}")
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            if not isinstance(epochs, int) or epochs <= 0:
                raise ValueError(f"Expected positive integer epochs, but got {epochs}")
            if not isinstance(steps_per_epoch, int) or steps_per_epoch <= 0:
                raise ValueError("Expected positive integer steps_per_epoch, but got "
                                 f"{steps_per_epoch}")
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ValueError("You must define either total_steps OR (epochs AND steps_per_epoch)")
        self._schedule_phases = self._phases(pct_start, three_phase)
        if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
            raise ValueError(f"Expected float between 0 and 1 pct_start, but got {pct_start}")
        if anneal_strategy not in ["cos", "linear"]:
            raise ValueError("anneal_strategy must be one of 'cos' or 'linear', instead got "
                             f"{anneal_strategy}")
        self._anneal_func_type = anneal_strategy
        max_lrs = _format_param("max_lr", self.optimizer, max_lr)
        if last_epoch == -1:
            for idx, group in enumerate(self.optimizer.param_groups):
                group["initial_lr"] = max_lrs[idx] / div_factor
                group["max_lr"] = max_lrs[idx]
                group["min_lr"] = group["initial_lr"] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if self.cycle_momentum:
            self.use_beta1 = _momentum_kind(self.optimizer)
            max_momentums = _format_param("max_momentum", optimizer, max_momentum)
            base_momentums = _format_param("base_momentum", optimizer, base_momentum)
            if last_epoch == -1:
                _init_momentums(optimizer, self.use_beta1, max_momentums, base_momentums)
        super().__init__(optimizer, last_epoch)

    def _phases(self, pct_start, three_phase):
        """Each phase's last step and the group keys it anneals between."""
        def phase(end_step, start_lr, end_lr, start_momentum, end_momentum):
            return {"end_step": end_step, "start_lr": start_lr, "end_lr": end_lr,
                    "start_momentum": start_momentum, "end_momentum": end_momentum}

        warmup_end = float(pct_start * self.total_steps) - 1
        if three_phase:
            return [phase(warmup_end, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                    phase(float(2 * pct_start * self.total_steps) - 2, "max_lr", "initial_lr",
                          "base_momentum", "max_momentum"),
                    phase(self.total_steps - 1, "initial_lr", "min_lr", "max_momentum",
                          "max_momentum")]
        return [phase(warmup_end, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                phase(self.total_steps - 1, "max_lr", "min_lr", "base_momentum",
                      "max_momentum")]

    def _anneal_func(self, *args, **kwargs):
        if hasattr(self, "_anneal_func_type"):
            if self._anneal_func_type == "cos":
                return self._annealing_cos(*args, **kwargs)
            if self._anneal_func_type == "linear":
                return self._annealing_linear(*args, **kwargs)
            raise ValueError(f"Unknown _anneal_func_type: {self._anneal_func_type}")
        return self.anneal_func(*args, **kwargs)  # a state saved by an old PyTorch

    @staticmethod
    def _annealing_cos(start, end, pct):
        """Cosine from ``start`` to ``end`` as ``pct`` goes from 0 to 1."""
        cos_out = math.cos(math.pi * pct) + 1
        return end + (start - end) / 2.0 * cos_out

    @staticmethod
    def _annealing_linear(start, end, pct):
        """Linear from ``start`` to ``end`` as ``pct`` goes from 0 to 1."""
        return (end - start) * pct + start

    def get_lr(self):
        """This step's lrs; also sets the groups' momentum when it cycles."""
        self._warn_if_called_directly()
        lrs = []
        step_num = self.last_epoch
        if step_num > self.total_steps:
            raise ValueError(f"Tried to step {step_num} times. The specified number of total "
                             f"steps is {self.total_steps}")
        last = len(self._schedule_phases) - 1
        for group in self.optimizer.param_groups:
            start_step = 0.0
            for i, phase in enumerate(self._schedule_phases):
                end_step = phase["end_step"]
                if step_num <= end_step or i == last:
                    pct = (step_num - start_step) / (end_step - start_step)
                    lrs.append(self._anneal_func(group[phase["start_lr"]],
                                                 group[phase["end_lr"]], pct))
                    if self.cycle_momentum:
                        _set_momentum(group, self.use_beta1, self._anneal_func(
                            group[phase["start_momentum"]], group[phase["end_momentum"]], pct))
                    break
                start_step = phase["end_step"]
        return lrs
