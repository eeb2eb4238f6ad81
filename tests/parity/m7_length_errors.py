# Spec 7.4 (+10): returned sequence lengths are checked: "Backward hook returned an invalid
# number of grad_input, got 2, but expected 1" / "Backward pre hook returned an invalid
# number of grad_output, got 2, but expected 1"; a bare tensor's length is its first dim;
# wrong shapes surface from the wrapper node as "hook 'hook' has changed the size of value".
# Upstream test_hook_invalid_outputs.
import torch
import torch.nn as nn


def tryit(label, reg, hook, shape=(2, 2)):
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.fill_(1.)
        lin.bias.fill_(0.)
    getattr(lin, reg)(hook)
    x = torch.ones(*shape, requires_grad=True)
    try:
        lin(x).sum().backward()
        print(label, '-> ok, x.grad', x.grad.tolist())
    except Exception as e:
        print(label, '->', type(e).__name__, e)


full = 'register_full_backward_hook'
pre = 'register_full_backward_pre_hook'
tryit('full returns 2-tuple', full, lambda m, gi, go: (gi[0], gi[0]))
tryit('full returns ()', full, lambda m, gi, go: ())
tryit('full returns bare tensor (2 rows)', full, lambda m, gi, go: gi[0] * 2)
tryit('full returns bare tensor (1 row)', full, lambda m, gi, go: gi[0] * 2, shape=(1, 2))
tryit('full returns wrong shape', full, lambda m, gi, go: (torch.ones(5),))
tryit('full returns 1-tuple ok', full, lambda m, gi, go: (gi[0] * 2,))
tryit('pre returns 2-tuple', pre, lambda m, go: (go[0], go[0]))
tryit('pre returns ()', pre, lambda m, go: ())
tryit('pre returns bare tensor', pre, lambda m, go: go[0] * 2)
tryit('pre returns wrong shape', pre, lambda m, go: (torch.ones(3),))
tryit('pre returns 1-tuple ok', pre, lambda m, go: (go[0] * 2,))
