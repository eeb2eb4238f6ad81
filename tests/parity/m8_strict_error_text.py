# Spec 8.9: load_state_dict results and strict error formats: missing keys listed before
# unexpected ones, each quoted, comma separated, trailing space; size mismatches; the
# <All keys matched successfully> repr and _IncompatibleKeys repr otherwise.
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
sd = net.state_dict()


def attempt(label, d, strict=True):
    try:
        r = net.load_state_dict(d, strict=strict)
        print(label, '->', r)
    except RuntimeError as e:
        print(label, '->', type(e).__name__, repr(str(e)))


attempt('exact', sd)
attempt('exact, strict=False', sd, strict=False)
missing = {k: v for k, v in sd.items() if k not in ('0.bias', '2.weight')}
attempt('two missing', missing)
attempt('two missing, strict=False', missing, strict=False)
extra = dict(sd, a=torch.zeros(1), b=torch.zeros(1))
attempt('two unexpected', extra)
both = dict(missing, zzz=torch.zeros(1))
attempt('missing and unexpected', both)
wrong = dict(sd)
wrong['2.weight'] = torch.zeros(3, 2)
attempt('size mismatch', wrong)
attempt('size mismatch, strict=False', wrong, strict=False)
print('repr of matched result:', repr(net.load_state_dict(sd)), 'bool', bool(net.load_state_dict(sd)))
try:
    nn.Linear(1, 1).load_state_dict([('weight', torch.ones(1, 1))])
except TypeError as e:
    print('not a mapping:', type(e).__name__, e)
