# Spec 2.2 (+ 10): validation of a tensor hook's non-None return value, in this order:
# None incoming gradient, not a Tensor, changed dtype, changed size; no broadcasting.
import torch

def run(label, hook, on_unused_output=False):
    x = torch.ones(3, requires_grad=True)
    if on_unused_output:
        p, q, r = x.unbind()
        q.register_hook(hook)
        root = p * 3
    else:
        y = x * 2
        y.register_hook(hook)
        root = y.sum()
    try:
        root.backward()
        print(label, '-> ok', x.grad.tolist())
    except Exception as e:
        print(label, '->', type(e).__name__, e)

def returns_int(g): return 3
def returns_tuple(g): return (g,)
def returns_list(g): return [g]
def returns_float(g): return 1.5
def returns_double(g): return g.double()
def returns_long(g): return g.long()
def returns_wrong_shape(g): return torch.ones(2)
def returns_double_wrong_shape(g): return torch.ones(2, dtype=torch.float64)
def returns_broadcastable(g): return torch.ones(1)
def returns_scalar(g): return torch.tensor(2.)
def returns_2d(g): return g.view(3, 1)
def returns_ok(g): return g * 0 + 5

run('int', returns_int)
run('tuple', returns_tuple)
run('list', returns_list)
run('float', returns_float)
run('double', returns_double)
run('long', returns_long)
run('wrong shape', returns_wrong_shape)
run('double and wrong shape', returns_double_wrong_shape)
run('broadcastable (1,)', returns_broadcastable)
run('0-d', returns_scalar)
run('same numel other shape', returns_2d)
run('ok', returns_ok)
run('None grad, returns tensor', lambda g: torch.tensor(5.), on_unused_output=True)
run('None grad, returns int', lambda g: 5, on_unused_output=True)
run('None grad, returns None', lambda g: None, on_unused_output=True)
