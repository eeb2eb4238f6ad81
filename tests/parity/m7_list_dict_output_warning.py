# Spec 7.5: a module with full backward hooks whose output is a list or dict (not a Tensor
# or tuple) warns at call time "For backward hooks to be called, module output should be a
# Tensor or a tuple of Tensors but received <class 'list'>" (resp. dict); forward hooks
# still fire, backward hooks and backward pre-hooks never fire; a tuple holding a list is
# accepted (non-Tensor elements -> None in grad_output). Upstream
# test_bw_hook_warning_for_non_tensor_or_tuple (exactly one warning).
import warnings
import torch
import torch.nn as nn

log = []
a = torch.tensor([1., 2.], requires_grad=True)


class L(nn.Module):
    def forward(self, x):
        return [x * 2, x * 3]


class D(nn.Module):
    def forward(self, x):
        return {'x': x * 2}


class T(nn.Module):
    def forward(self, x):
        return x * 2, [x * 3]


for cls in (L, D, T):
    m = cls()
    m.register_forward_hook(lambda mod, args, out: log.append('forward hook ' + type(out).__name__))
    m.register_full_backward_hook(lambda mod, gi, go: log.append(('full', [None if g is None else g.tolist() for g in gi],
                                                                 [None if g is None else g.tolist() for g in go])))
    m.register_full_backward_pre_hook(lambda mod, go: log.append('pre'))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        r = m(a)
        print(cls.__name__, 'warnings:', len(w))
        for ww in w:
            print('  warning:', ww.category.__name__, ww.message)
    first = r[0] if cls is not D else r['x']
    print('  first output grad_fn', first.grad_fn.name())
    first.sum().backward()
    print('  log', log)
    log.clear()
print('a.grad', a.grad.tolist())
