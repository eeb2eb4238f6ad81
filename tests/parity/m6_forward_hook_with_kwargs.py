# Spec 6.3 / 6.5 / 6.6: with_kwargs forward hooks get (module, args, kwargs, output) with the
# post-pre-hook kwargs; plain forward hooks never see kwargs; keyword-only call -> args == ();
# a 4-argument hook registered without with_kwargs is called with 3 arguments (TypeError).
import torch
import torch.nn as nn


class KW(nn.Module):
    def forward(self, x=None, scale=1.0, shift=None):
        out = x * scale
        if shift is not None:
            out = out + shift
        return out


m = KW()
m.register_forward_hook(lambda mod, a, o: print('  plain hook', a, o.tolist()))
m.register_forward_hook(lambda mod, a, k, o: print('  kwargs hook', a, sorted(k), o.tolist()), with_kwargs=True)
print('positional + keyword')
m(torch.tensor([1., 2.]), scale=3.0)
print('keywords only')
m(x=torch.tensor([1., 2.]), shift=torch.tensor([1., 1.]))

m2 = KW()
m2.register_forward_pre_hook(lambda mod, a, k: (a, dict(k, scale=k.get('scale', 1.0) * 2)), with_kwargs=True)
m2.register_forward_hook(lambda mod, a, k, o: print('  sees kwargs', k), with_kwargs=True)
m2.register_forward_hook(lambda mod, a, k, o: o + k['scale'], with_kwargs=True)
print('pre-hook doubles scale ->', m2(torch.tensor([1., 2.]), scale=2.5).tolist())

m3 = KW()
m3.register_forward_hook(lambda mod, a, k, out: out)
try:
    m3(torch.ones(1))
except TypeError as e:
    print('4-arg hook without with_kwargs:', type(e).__name__, e)
m4 = KW()
m4.register_forward_hook(lambda mod, a, out: out, with_kwargs=True)
try:
    m4(torch.ones(1))
except TypeError as e:
    print('3-arg hook with with_kwargs:', type(e).__name__, e)
m5 = KW()
m5.register_forward_pre_hook(lambda mod, a: None, with_kwargs=True)
try:
    m5(torch.ones(1))
except TypeError as e:
    print('2-arg pre-hook with with_kwargs:', type(e).__name__, e)
