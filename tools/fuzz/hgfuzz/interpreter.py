"""One interpreter for either library: ``run(program, lib)`` executes a program (format in
``program.py``) with ``lib`` (``torch`` or ``hookgrad``) and returns its trace.

A trace is ``{"steps": [record, ...], "final": {...}}``. A step's record holds its result
``o`` (summary.py) or the exception it raised ``e`` ([type name, message]), or ``skip`` when it
used the result of a step that raised; ``h`` the hook calls made while it ran (hook step, then
the summaries of the hook's arguments), ``w`` its warnings, and for backward/grad steps ``g``,
the ``.grad`` of every leaf that requires grad and of every tensor that retains it. ``final``
has every tensor's final summary (in-place writes through views show there) and the grads.

Only BaseExceptions that are not Exceptions (a timeout, KeyboardInterrupt) escape a step."""
import operator
import warnings
from functools import reduce

import numpy as np

from .interp_modules import ModuleSteps
from .summary import summarize

MESSAGE_CHARS = 400
# Warnings PyTorch gives once per process (TORCH_WARN_ONCE; set_warn_always makes them come
# every time). A library without set_warn_always gives them once per process, which would make
# a trace depend on the programs run before it: traces leave them out.
ONCE_WARNINGS = ("Using backward() with create_graph=True will create a reference cycle",
                 "torch.meshgrid: in an upcoming release, it will be required to pass the "
                 "indexing argument")
BUILTINS = {"list": list, "len": len, "float": float, "int": int, "bool": bool}


class _Skip(Exception):
    """A step used the result of a step that raised."""


class _Failed:
    def __repr__(self):
        return "<failed>"


FAILED = _Failed()


def exception_record(error):
    message = str(error)
    if isinstance(error, KeyError) and error.args:
        message = str(error.args[0])
    return [type(error).__name__, message[:MESSAGE_CHARS]]


class Interpreter(ModuleSteps):
    def __init__(self, lib):
        self._init_modules()
        self.lib = lib
        self.tensor_type = lib.Tensor
        self.env = []
        self.records = []
        self.events = []
        if hasattr(lib, "set_warn_always"):  # warn-once would make traces depend on history
            lib.set_warn_always(True)

    # -------------------------------------------------------------- running
    def run(self, program):
        for step in program["steps"]:
            self.execute(step)
        return {"steps": self.records, "final": self.final()}

    def execute(self, step):
        """Run one step, append its value to ``env`` and its record to ``records``."""
        record = {}
        self.events = []
        value = FAILED
        with warnings.catch_warnings(record=True) as caught:
            warnings.filterwarnings("always", append=True)  # no once-per-location dedup
            try:
                value = self._do(step)
            except _Skip:
                record["skip"] = 1
            except Exception as error:
                record["e"] = exception_record(error)
        self.env.append(value)
        if value is not FAILED and step["k"] in ("tensor", "call", "grad"):
            record["o"] = summarize(value, self.tensor_type)
            if step["k"] == "call":
                same = self._same_as_argument(step, value)
                if same is not None:
                    record["same"] = same
        if self.events:
            record["h"] = self.events
        caught = [w for w in caught if not str(w.message).startswith(ONCE_WARNINGS)]
        if caught:
            record["w"] = [[w.category.__name__, str(w.message)[:MESSAGE_CHARS]] for w in caught]
        if step["k"] in ("backward", "grad") and "skip" not in record:
            record["g"] = self.grads()
        self.records.append(record)
        return value

    def _same_as_argument(self, step, value):
        """The position of the argument ``value`` is (in-place ops return it), if any."""
        if not isinstance(value, self.tensor_type):
            return None
        for position, arg in enumerate(step.get("a", [])):
            if isinstance(arg, dict) and "$" in arg and self._ref(arg) is value:
                return position
        return None

    # -------------------------------------------------------------- snapshots
    def _tensors(self, unique=True):
        """(key, tensor) for every tensor in env, tuple items one level deep; with unique,
        each tensor once (under its first key)."""
        seen = set()
        for index, value in enumerate(self.env):
            items = [(str(index), value)]
            if isinstance(value, (tuple, list)) and not isinstance(value, self.tensor_type):
                items = [(f"{index}.{j}", v) for j, v in enumerate(value)]
            for key, item in items:
                if isinstance(item, self.tensor_type) and not (unique and id(item) in seen):
                    seen.add(id(item))
                    yield key, item

    def grads(self):
        out = {}
        for key, tensor in self._tensors():
            try:
                keeps = (tensor.is_leaf and tensor.requires_grad) or tensor.retains_grad
                if keeps:
                    out[key] = summarize(tensor.grad, self.tensor_type)
            except Exception as error:
                out[key] = {"!": exception_record(error)}
        return out

    def final(self):
        """Every tensor's summary; a tensor that is the same object as an earlier one (an
        in-place op's result, ``x.grad``) records that key as ``alias``."""
        values, first_key = {}, {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for key, tensor in self._tensors(unique=False):
                if id(tensor) in first_key:
                    values[key] = {"alias": first_key[id(tensor)]}
                    continue
                first_key[id(tensor)] = key
                values[key] = summarize(tensor, self.tensor_type)
            return {"values": values, "grads": self.grads()}

    # -------------------------------------------------------------- arguments
    def _ref(self, ref):
        value = self.env[ref["$"]]
        if value is FAILED:
            raise _Skip
        if "i" in ref:
            value = value[ref["i"]]
        return value

    def arg(self, value):
        if isinstance(value, list):
            return [self.arg(v) for v in value]
        if not isinstance(value, dict):
            return value
        if "$" in value:
            return self._ref(value)
        if "tuple" in value:
            return tuple(self.arg(v) for v in value["tuple"])
        if "slice" in value:
            return slice(*value["slice"])
        if "ellipsis" in value:
            return Ellipsis
        if "dtype" in value:
            return getattr(self.lib, value["dtype"])
        if "float" in value:
            return float(value["float"])
        return {key: self.arg(v) for key, v in value.items()}

    # -------------------------------------------------------------- steps
    def _do(self, step):
        kind = step["k"]
        if kind == "tensor":
            return self._tensor(step)
        if kind == "call":
            args = [self.arg(a) for a in step.get("a", [])]
            kwargs = {key: self.arg(v) for key, v in step.get("kw", {}).items()}
            if step.get("sth"):
                with self._saved_hooks(step):
                    return self._grad_mode_call(step, args, kwargs)
            return self._grad_mode_call(step, args, kwargs)
        if kind == "module":
            return self._module(step)
        if kind == "mhook":
            return self._mhook(step)
        if kind == "hook":
            return self._ref(step["t"]).register_hook(self._tensor_hook(len(self.env),
                                                                         step["how"]))
        if kind == "node_hook":
            node = self._ref(step["t"]).grad_fn
            if "nx" in step:
                node = node.next_functions[step["nx"]][0]
            if step.get("pre"):
                return node.register_prehook(self._node_pre_hook(len(self.env), step["how"]))
            return node.register_hook(self._node_post_hook(len(self.env), step["how"]))
        if kind == "acc_hook":
            hook = self._accumulate_hook(len(self.env), step["how"])
            return self._ref(step["t"]).register_post_accumulate_grad_hook(hook)
        if kind == "retain":
            return self._ref(step["t"]).retain_grad()
        if kind == "remove":
            return self._ref(step["h"]).remove()
        if kind == "backward":
            return self._backward(step)
        if kind == "grad":
            return self._grad(step)
        raise ValueError(f"unknown step kind {kind!r}")

    def _grad_mode_call(self, step, args, kwargs):
        if step.get("ng"):
            with self.lib.no_grad():
                return self._call(step["f"], step["n"], args, kwargs)
        return self._call(step["f"], step["n"], args, kwargs)

    def _tensor(self, step):
        dtype = getattr(self.lib, step["T"])
        shape = tuple(step["s"])
        if 0 in shape:
            return self.lib.zeros(shape, dtype=dtype).requires_grad_(bool(step["rg"]))
        data = np.array(step["v"], dtype=object).reshape(shape).tolist()
        return self.lib.tensor(data, dtype=dtype, requires_grad=bool(step["rg"]))

    def _call(self, form, name, args, kwargs):
        if form == "m":
            # through the class, as the rendered script's ``v.name(...)`` runs: CPython calls
            # a C method's descriptor unbound there, and PyTorch's messages name the class
            # the descriptor lives on (``TensorBase.argwhere()``); a bound method names the
            # tensor's own class (``Tensor.argwhere()``)
            method = getattr(type(args[0]), name, None)
            if method is None:
                return getattr(args[0], name)(*args[1:], **kwargs)
            return method(*args, **kwargs)
        if form == "t":
            return getattr(self.lib, name)(*args, **kwargs)
        if form == "F":
            return getattr(self.lib.nn.functional, name)(*args, **kwargs)
        if form == "la":
            return getattr(self.lib.linalg, name)(*args, **kwargs)
        if form == "op":
            return getattr(operator, name)(*args)
        if form == "attr":
            return getattr(args[0], name)
        if form == "setattr":
            return setattr(args[0], name, args[1])
        if form == "path":
            return reduce(getattr, name.split("."), self.lib)(*args, **kwargs)
        if form == "builtin":
            return BUILTINS[name](*args)
        if form == "mod":
            return self._call_module(args, kwargs)
        raise ValueError(f"unknown call form {form!r}")

    def _backward(self, step):
        kwargs = {}
        if step.get("g") is not None:
            kwargs["gradient"] = self.arg(step["g"])
        if step.get("rg") is not None:
            kwargs["retain_graph"] = step["rg"]
        if step.get("cg"):
            kwargs["create_graph"] = True
        if step.get("in") is not None:
            kwargs["inputs"] = [self.arg(r) for r in step["in"]]
        return self._ref(step["t"]).backward(**kwargs)

    def _grad(self, step):
        kwargs = {}
        if step.get("go") is not None:
            kwargs["grad_outputs"] = [self.arg(g) for g in step["go"]]
        if step.get("rg") is not None:
            kwargs["retain_graph"] = step["rg"]
        if step.get("cg"):
            kwargs["create_graph"] = True
        if step.get("au"):
            kwargs["allow_unused"] = True
        outputs = [self.arg(r) for r in step["o"]]
        inputs = [self.arg(r) for r in step["i"]]
        return tuple(self.lib.autograd.grad(outputs, inputs, **kwargs))

    # -------------------------------------------------------------- hooks
    def _summaries(self, values):
        return [summarize(v, self.tensor_type) for v in values]

    def _changed(self, grad, how):
        """What a hook of behaviour ``how`` returns for ``grad`` (None: keep it)."""
        if grad is None:
            return None
        if how == "scale":
            return grad * 2
        if how == "replace":
            return self.lib.full_like(grad, 0.5)
        if how == "inplace":
            grad.mul_(3)
            return None
        if how == "wrong_dtype":
            other = self.lib.float64 if grad.dtype == self.lib.float32 else self.lib.float32
            return grad.to(other)
        if how == "wrong_shape":
            return self.lib.zeros(tuple(grad.shape) + (2,), dtype=grad.dtype)
        if how == "same":
            return grad
        return None

    def _tensor_hook(self, hook_id, how):
        def hook(grad):
            self.events.append([hook_id, self._summaries([grad])])
            return self._changed(grad, how)
        return hook

    def _node_pre_hook(self, hook_id, how):
        def hook(grad_outputs):
            self.events.append([hook_id, self._summaries(grad_outputs)])
            if how == "observe":
                return None
            if how == "wrong_count":
                return tuple(grad_outputs) + (None,)
            changed = [self._changed(g, how) for g in grad_outputs]
            return tuple(g if c is None else c for g, c in zip(grad_outputs, changed))
        return hook

    def _node_post_hook(self, hook_id, how):
        def hook(grad_inputs, grad_outputs):
            self.events.append([hook_id, self._summaries(grad_inputs),
                                self._summaries(grad_outputs)])
            if how == "observe":
                return None
            if how == "wrong_count":
                return tuple(grad_inputs) + (None,)
            changed = [self._changed(g, how) for g in grad_inputs]
            return tuple(g if c is None else c for g, c in zip(grad_inputs, changed))
        return hook

    def _accumulate_hook(self, hook_id, how):
        def hook(param):
            self.events.append([hook_id, self._summaries([param.grad])])
            if how == "inplace" and param.grad is not None:
                param.grad.mul_(3)
            if how == "same":
                return param
            return None
        return hook


def run(program, lib):
    """The trace of ``program`` under ``lib``, whose warn-always setting (which the
    interpreter turns on) is as it was afterwards: a replay inside the test suite must not
    change what later tests see."""
    previous = lib.is_warn_always_enabled() if hasattr(lib, "is_warn_always_enabled") else None
    interpreter = Interpreter(lib)
    try:
        return interpreter.run(program)
    finally:
        interpreter.close()
        if previous is not None:
            lib.set_warn_always(previous)
