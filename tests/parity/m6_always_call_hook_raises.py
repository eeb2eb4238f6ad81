# Spec 6.7: a forward hook raises -> always_call hooks already started are not re-run;
# the remaining always_call hooks run with the output computed so far (including earlier
# forward-hook replacements); a cleanup hook's return value replaces `result` for later
# cleanup hooks; an always_call hook that itself raised is not re-run and its exception
# propagates (no warning).
import warnings
import torch
import torch.nn as nn

log = []


class AddOne(nn.Module):
    def forward(self, x):
        log.append('forward')
        return x + 1


c = AddOne()
c.register_forward_hook(lambda m, a, o: log.append(('always_before', o.tolist())), always_call=True)
c.register_forward_hook(lambda m, a, o: o * 10)


def raising_fwd(m, a, o):
    log.append(('raising_fwd', o.tolist()))
    raise ValueError('hook boom')


c.register_forward_hook(raising_fwd)
c.register_forward_hook(lambda m, a, o: log.append('normal_after'))
c.register_forward_hook(lambda m, a, o: (log.append(('always_after1', o.tolist())), o + 5)[1], always_call=True)
c.register_forward_hook(lambda m, a, o: log.append(('always_after2', o.tolist())), always_call=True)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    try:
        c(torch.ones(1))
    except Exception as e:
        print('raised', type(e).__name__, e)
    print('warnings', len(w))
for entry in log:
    print(entry)
log.clear()


d = AddOne()


def always_raises(m, a, o):
    log.append('always_raises')
    raise KeyError('always hook boom')


d.register_forward_hook(lambda m, a, o: log.append('always_first'), always_call=True)
d.register_forward_hook(always_raises, always_call=True)
d.register_forward_hook(lambda m, a, o: log.append(('always_third', o.tolist())), always_call=True)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    try:
        d(torch.zeros(1))
    except Exception as e:
        print('raised', type(e).__name__, e)
    print('warnings', len(w))
print(log)
log.clear()

# second call: still the same behaviour (nothing is remembered between calls)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    try:
        d(torch.zeros(1))
    except Exception as e:
        print('raised again', type(e).__name__, e)
print(log)
