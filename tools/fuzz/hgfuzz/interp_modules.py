"""The interpreter's module steps (op table part 9, ops_modules.py): build a module with seeded
parameters, call it, register module / global / state-dict / optimizer hooks, run a call under
saved-tensor hooks. A mixin of Interpreter (interpreter.py).

Step kinds (program.py has the rest):
  module  ``c`` class under nn (``Linear``), ``a`` args, ``kw`` kwargs, ``p`` [[parameter name,
          flat values], ...]: the module, its parameters overwritten (under no_grad) with the
          values (random initialisations differ between the libraries)
  mhook   ``w`` which hook (HOOK_WHERE), ``m`` the module or optimizer (absent for the global
          module hooks), ``how`` what the hook does, ``o`` registration options (prepend,
          with_kwargs, always_call); its result is the handle
A call step of form ``mod`` calls a[0] (a module) with the other args; ``sth`` on a call step
runs it under torch.autograd.graph.saved_tensors_hooks (``observe``: pack and unpack record
the tensor) or save_on_cpu (``cpu``).

Every hook call is recorded as [hook step, [summaries]]: the module or optimizer as ``m<step>``
(the step that made it; its class name when no step did), then the hook's arguments. A hook's
behaviour ``how``: observe (returns None), scale (returns its tensors times 2), inplace (mul_
in place, returns None), replace (full_like 0.5), single (a pre-hook returning one tensor, not
a tuple), wrong_count (one gradient too many), raise (raises RuntimeError), edit (a state-dict
hook that changes the dict), drop (returns the dict without a key)."""
from functools import reduce

from .summary import summarize

MODULE_HOOKS = {"fpre": "register_forward_pre_hook", "fwd": "register_forward_hook",
                "bwd": "register_full_backward_hook", "bpre": "register_full_backward_pre_hook",
                "sd_pre": "register_state_dict_pre_hook",
                "sd_post": "register_state_dict_post_hook", "sd_hook": "_register_state_dict_hook",
                "ld_pre": "register_load_state_dict_pre_hook",
                "ld_post": "register_load_state_dict_post_hook"}
GLOBAL_HOOKS = {"gfpre": "register_module_forward_pre_hook",
                "gfwd": "register_module_forward_hook",
                "gbwd": "register_module_full_backward_hook",
                "gbpre": "register_module_full_backward_pre_hook"}
OPTIMIZER_HOOKS = {"step_pre": "register_step_pre_hook", "step_post": "register_step_post_hook",
                   "osd_pre": "register_state_dict_pre_hook",
                   "osd_post": "register_state_dict_post_hook",
                   "old_pre": "register_load_state_dict_pre_hook",
                   "old_post": "register_load_state_dict_post_hook"}
HOOK_WHERE = {**MODULE_HOOKS, **GLOBAL_HOOKS, **OPTIMIZER_HOOKS}
# the hook's parameters after the module / optimizer, by ``w`` (with_kwargs adds ``kwargs``)
PARAMETERS = {"fpre": ("args",), "fwd": ("args", "output"), "bwd": ("grad_input", "grad_output"),
              "bpre": ("grad_output",), "sd_pre": ("prefix", "keep_vars"),
              "sd_post": ("state_dict", "prefix", "local_metadata"),
              "sd_hook": ("state_dict", "prefix", "local_metadata"),
              "ld_pre": ("state_dict", "prefix", "local_metadata", "strict", "missing_keys",
                         "unexpected_keys", "error_msgs"),
              "ld_post": ("incompatible_keys",), "step_pre": ("args", "kwargs"),
              "step_post": ("args", "kwargs"), "osd_pre": (), "osd_post": ("state_dict",),
              "old_pre": ("state_dict",), "old_post": ()}
for _name in ("fpre", "fwd", "bwd", "bpre"):
    PARAMETERS["g" + _name] = PARAMETERS[_name]


def parameters_of(where, options):
    names = list(PARAMETERS[where])
    if options.get("with_kwargs"):
        names.insert(1, "kwargs")
    return names


class ModuleSteps:
    """Module support for Interpreter (needs lib, env, events, tensor_type and arg)."""

    def _init_modules(self):
        self.global_handles = []

    def close(self):
        """Remove the global module hooks this interpreter registered (they would see the
        next program's modules)."""
        for handle in self.global_handles:
            handle.remove()
        self.global_handles = []

    # -------------------------------------------------------------- steps
    def _module(self, step):
        lib = self.lib
        cls = reduce(getattr, ("nn." + step["c"]).split("."), lib)
        module = cls(*[self.arg(a) for a in step.get("a", [])],
                     **{k: self.arg(v) for k, v in step.get("kw", {}).items()})
        params = dict(module.named_parameters())
        with lib.no_grad():
            for name, values in step.get("p", []):
                param = params[name]
                param.copy_(lib.tensor(values, dtype=param.dtype).reshape(param.shape))
        return module

    def _mhook(self, step):
        where, how, options = step["w"], step.get("how", "observe"), dict(step.get("o", {}))
        hook = self._module_hook(len(self.env), where, how, options)
        if where in GLOBAL_HOOKS:
            handle = getattr(self.lib.nn.modules.module, GLOBAL_HOOKS[where])(hook, **options)
            self.global_handles.append(handle)
            return handle
        target = self.arg(step["m"])
        return getattr(target, HOOK_WHERE[where])(hook, **options)

    def _call_module(self, args, kwargs):
        return args[0](*args[1:], **kwargs)

    def _saved_hooks(self, step):
        """The context manager a call step's ``sth`` asks for."""
        graph = self.lib.autograd.graph
        if step["sth"] == "cpu":
            return graph.save_on_cpu()
        hook_id = len(self.env)

        def pack(tensor):
            self.events.append([hook_id, ["pack", self._summary(tensor)]])
            return tensor

        def unpack(tensor):
            self.events.append([hook_id, ["unpack", self._summary(tensor)]])
            return tensor
        return graph.saved_tensors_hooks(pack, unpack)

    # -------------------------------------------------------------- hook bodies
    def _owner(self, value):
        """``m<step>`` for a module or optimizer a step made, else its class name."""
        for index, item in enumerate(self.env):
            if item is value:
                return f"m{index}"
        return type(value).__name__

    def _summary(self, value):
        if isinstance(value, str):
            return {"py": "str", "v": value}
        if hasattr(value, "missing_keys") and hasattr(value, "unexpected_keys"):
            return {"L": [summarize(list(value.missing_keys), self.tensor_type),
                          summarize(list(value.unexpected_keys), self.tensor_type)]}
        return summarize(value, self.tensor_type)

    def _map(self, value, fn):
        """``value`` with ``fn`` applied to each tensor in it (tuples and lists kept)."""
        if isinstance(value, self.tensor_type):
            return fn(value)
        if isinstance(value, tuple):
            return tuple(self._map(v, fn) for v in value)
        if isinstance(value, list):
            return [self._map(v, fn) for v in value]
        return value

    def _changed_value(self, value, how):
        """What a hook of behaviour ``how`` returns for the tensors ``value`` (None: keep)."""
        lib = self.lib
        if how == "scale":
            return self._map(value, lambda t: t * 2)
        if how == "replace":
            return self._map(value, lambda t: lib.full_like(t, 0.5))
        if how == "inplace":
            self._map(value, lambda t: t.mul_(3))
        return None

    def _module_hook(self, hook_id, where, how, options):
        names = parameters_of(where, options)
        base = where[1:] if where in GLOBAL_HOOKS else where

        def hook(owner, *values):
            record = [{"py": "str", "v": self._owner(owner)}]
            record += [self._summary(v) for v in values]
            if base == "fwd" and values and isinstance(values[0], tuple) and values[0]:
                record.append({"py": "bool", "v": values[-1] is values[0][0]})
            self.events.append([hook_id, record])
            if how == "raise":
                raise RuntimeError(f"hook {hook_id} raised")
            named = dict(zip(names, values))
            return self._hook_result(base, how, named)
        return hook

    def _hook_result(self, base, how, named):
        if base in ("fpre", "fwd", "bwd", "bpre"):
            if how == "observe":
                return None
            key = {"fpre": "args", "fwd": "output", "bwd": "grad_input",
                   "bpre": "grad_output"}[base]
            value = named[key]
            if how == "wrong_count":
                return tuple(value) + (None,)
            if how == "single":
                return value[0] * 2 if value and isinstance(value[0], self.tensor_type) \
                    else None
            changed = self._changed_value(value, how)
            if base == "fpre" and "kwargs" in named and changed is not None:
                return changed, named["kwargs"]
            return changed
        state = named.get("state_dict")
        if how == "edit" and isinstance(state, dict):
            for key in list(state):
                if isinstance(state[key], self.tensor_type) and state[key].is_floating_point():
                    state[key] = state[key] * 2
                    break
            return state if base in ("osd_post", "old_pre") else None
        if how == "drop" and isinstance(state, dict) and state:
            return {k: v for k, v in list(state.items())[1:]}
        if how == "clear" and "incompatible_keys" in named:
            named["incompatible_keys"].missing_keys.clear()
            named["incompatible_keys"].unexpected_keys.clear()
        return None
