"""What the scripts behind PyTorch's own hook tests share (the pt_*.py parity cases here and
the scripts in tools/hook_tests/): a registry of cases run in order, each printed under a
``== name`` header (``HOOK_CASES=a,b`` runs only those), and helpers that print values the
same way whichever library ``import torch`` gives."""
import os
import sys
import traceback
from collections import OrderedDict

import torch

nn = torch.nn
CASES = OrderedDict()


def case(fn):
    """Register ``fn`` as a case named after it (the PyTorch test it mirrors)."""
    CASES[fn.__name__] = fn
    return fn


def r(value, digits=4):
    """A tensor, number or nesting of them as rounded plain Python values."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if hasattr(value, "detach"):
        value = value.detach().tolist()
    if isinstance(value, (list, tuple)):
        return [r(v, digits) for v in value]
    if isinstance(value, float):
        return round(value, digits)
    return value


def raises(fn, whole=False):
    """The exception ``fn()`` raises, as 'Type: first line' (or the whole text, lines joined
    by ' | '), or 'no error'."""
    try:
        fn()
    except Exception as error:  # the type and text are what is compared
        lines = str(error).splitlines() or [""]
        return f"{type(error).__name__}: {' | '.join(lines) if whole else lines[0]}"
    return "no error"


def reset_global_module_hooks():
    module = torch.nn.modules.module
    for name in ("_global_forward_pre_hooks", "_global_forward_hooks",
                 "_global_backward_pre_hooks", "_global_backward_hooks",
                 "_global_forward_hooks_always_called", "_global_forward_hooks_with_kwargs",
                 "_global_buffer_registration_hooks", "_global_module_registration_hooks",
                 "_global_parameter_registration_hooks"):
        setattr(module, name, OrderedDict())
    module._global_is_full_backward_hook = None


def run():
    only = [n for n in os.environ.get("HOOK_CASES", "").split(",") if n]
    for name, fn in CASES.items():
        if only and name not in only:
            continue
        print(f"== {name}")
        try:
            fn()
        except Exception as error:
            here = [f.lineno for f in traceback.extract_tb(error.__traceback__)
                    if f.filename == sys.argv[0]]
            print(f"!! {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
                  f" (script line {here[-1] if here else '?'})")
        finally:
            reset_global_module_hooks()
        sys.stdout.flush()
