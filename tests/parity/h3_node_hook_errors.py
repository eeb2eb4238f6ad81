# Spec 3.4, 3.5 (+ 10): validation of node pre-/post-hook return values: must be a tuple
# (TypeError naming the returned type, lists rejected too), of the right length, then the
# element-wise checks of 2.2 (size, type, replacing None, non-Tensor element).
import torch

def run(label, register):
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    register(y.grad_fn)
    try:
        y.sum().backward()
        print(label, '-> ok, x.grad =', None if x.grad is None else x.grad.tolist())
    except Exception as e:
        print(label, '->', type(e).__name__, e)

def ph_tensor(go): return go[0]
def ph_list(go): return [go[0]]
def ph_long(go): return (go[0], go[0])
def ph_short(go): return ()
def ph_shape(go): return (torch.ones(2),)
def ph_dtype(go): return (go[0].double(),)
def ph_int(go): return (5,)
def ph_none_entry(go): return (None,)
def nh_wrong_len(gi, go): return (gi[0], gi[0], gi[0])
def nh_list(gi, go): return [gi[0], None]
def nh_replace_none(gi, go): return (gi[0], torch.ones(()))
def nh_shape(gi, go): return (torch.ones(7), None)
def nh_dtype(gi, go): return (gi[0].double(), None)
def nh_tensor(gi, go): return gi[0]
def nh_none_out(gi, go): return (None, None)

run('pre returns Tensor', lambda n: n.register_prehook(ph_tensor))
run('pre returns list', lambda n: n.register_prehook(ph_list))
run('pre too long', lambda n: n.register_prehook(ph_long))
run('pre empty', lambda n: n.register_prehook(ph_short))
run('pre shape', lambda n: n.register_prehook(ph_shape))
run('pre dtype', lambda n: n.register_prehook(ph_dtype))
run('pre int element', lambda n: n.register_prehook(ph_int))
run('pre lambda', lambda n: n.register_prehook(lambda go: (go[0], go[0])))
run('post wrong len', lambda n: n.register_hook(nh_wrong_len))
run('post list', lambda n: n.register_hook(nh_list))
run('post replace None', lambda n: n.register_hook(nh_replace_none))
run('post shape', lambda n: n.register_hook(nh_shape))
run('post dtype', lambda n: n.register_hook(nh_dtype))
run('post returns Tensor', lambda n: n.register_hook(nh_tensor))
# None entries are accepted: the gradient becomes None (nothing reaches the leaf)
run('pre None entry', lambda n: n.register_prehook(ph_none_entry))
run('post all None', lambda n: n.register_hook(nh_none_out))
