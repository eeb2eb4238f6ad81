# Spec 6.6 / 6.9 / 7.7: prepend/with_kwargs/always_call are keyword-only for forward
# (pre-)hooks; globals: register_module_forward_pre_hook(hook) has no options and
# register_module_forward_hook has only keyword-only with_kwargs/always_call (no prepend);
# backward (pre-)hooks take prepend positionally.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

m = nn.Identity()
noop = lambda *a: None


def attempt(label, f):
    try:
        h = f()
        print(label, '-> ok', type(h).__name__)
        h.remove()
    except TypeError as e:
        print(label, '->', type(e).__name__, e)


attempt('forward pre positional prepend', lambda: m.register_forward_pre_hook(noop, True))
attempt('forward positional prepend', lambda: m.register_forward_hook(noop, True))
attempt('forward positional all', lambda: m.register_forward_hook(noop, False, True, True))
attempt('forward keyword', lambda: m.register_forward_hook(noop, prepend=True, with_kwargs=True, always_call=True))
attempt('global pre with_kwargs', lambda: mm.register_module_forward_pre_hook(noop, with_kwargs=True))
attempt('global fwd prepend', lambda: mm.register_module_forward_hook(noop, prepend=True))
attempt('global fwd positional', lambda: mm.register_module_forward_hook(noop, True))
attempt('global fwd keywords', lambda: mm.register_module_forward_hook(noop, with_kwargs=True, always_call=True))
attempt('full backward positional prepend', lambda: m.register_full_backward_hook(noop, True))
attempt('backward pre positional prepend', lambda: m.register_full_backward_pre_hook(noop, True))
attempt('global full backward prepend', lambda: mm.register_module_full_backward_hook(noop, prepend=True))
