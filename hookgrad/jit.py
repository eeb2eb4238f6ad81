"""torch.jit as far as eager code checks it: hookgrad has no TorchScript.

``is_scripting()`` and ``is_tracing()`` are False, the decorators that only matter to the
TorchScript compiler (``ignore``, ``unused``, ``export``, ``annotate``, ...) pass their
function or value through, and ``ScriptModule`` / ``ScriptFunction`` exist for
``isinstance`` checks, which they always fail. Compiling (``script``, ``trace``) or loading
TorchScript raises ``RuntimeError``."""
import collections
import typing
import warnings

from .nn.modules.module import Module

__all__ = ["Attribute", "Error", "Final", "ScriptFunction", "ScriptModule", "TracerWarning",
           "annotate", "export", "ignore", "interface", "is_scripting", "is_tracing", "load",
           "save", "script", "script_if_tracing", "script_method", "trace", "trace_module",
           "unused"]

Final = typing.Final
Attribute = collections.namedtuple("Attribute", ["value", "type"])


def _unsupported(what):
    return RuntimeError(
        f"torch.jit.{what}: TorchScript is not supported by hookgrad, which runs models "
        "eagerly in Python. Call the module or function itself instead (hooks, autograd and "
        "state dicts work on it as they do in PyTorch).")


class Error(RuntimeError):
    """torch.jit.Error: the type of errors TorchScript code raises."""


class TracerWarning(Warning):
    """The warning category of the TorchScript tracer (used in ``warnings`` filters)."""

    @staticmethod
    def ignore_lib_warnings():
        """Nothing to silence: there is no tracer."""


class ScriptModule(Module):
    """A compiled module: none exist here, so ``isinstance(m, ScriptModule)`` is False."""

    def __init__(self, *args, **kwargs):
        raise _unsupported("ScriptModule")


class RecursiveScriptModule(ScriptModule):
    """What ``torch.jit.script(module)`` returns in PyTorch; none exist here."""


class ScriptFunction:
    """A compiled function: none exist here."""

    def __init__(self, *args, **kwargs):
        raise TypeError("ScriptFunction: No constructor defined!")


def is_scripting():
    """False: code always runs eagerly here."""
    return False


def is_tracing():
    return False


def script(obj, optimize=None, _frames_up=0, _rcb=None, example_inputs=None):
    raise _unsupported("script")


def trace(func, example_inputs=None, *args, **kwargs):
    raise _unsupported("trace")


def trace_module(mod, inputs, *args, **kwargs):
    raise _unsupported("trace_module")


def load(f, map_location=None, _extra_files=None, _restore_shapes=False):
    raise _unsupported("load")


def save(m, f, _extra_files=None):
    raise _unsupported("save")


def script_method(fn):
    raise _unsupported("script_method")


def script_if_tracing(fn):
    """Compiles ``fn`` only while tracing, which never happens here: ``fn`` unchanged."""
    return fn


def ignore(drop=False, **kwargs):
    """``@torch.jit.ignore`` or ``@torch.jit.ignore(drop=...)``: the function unchanged."""
    if callable(drop):
        return drop
    if drop:
        warnings.warn("ignore(True) has been deprecated. TorchScript will now drop the function "
                      "call on compilation. Use torch.jit.unused now. {}", FutureWarning,
                      stacklevel=2)
    return _identity


def unused(fn):
    return fn


def export(fn):
    return fn


def interface(obj):
    return obj


def annotate(the_type, the_value):
    return the_value


def _identity(fn):
    return fn
