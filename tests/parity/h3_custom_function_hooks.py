# Spec 3.1, 3.9, 2.6: custom autograd.Function nodes are named <ClassName>Backward and
# behave like built-in nodes for tensor hooks, node pre/post hooks, multi-output None
# gradients and retain_grad. Observed: non-Tensor arguments of apply() get no entry in
# next_functions / grad_inputs (so a post-hook returns a 1-tuple here).
import torch
log = []
class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k
    @staticmethod
    def backward(ctx, g):
        log.append(('backward sees', g.tolist()))
        return g * ctx.k, None

class TwoOut(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2, x * 3
    @staticmethod
    def backward(ctx, g1, g2):
        log.append(('TwoOut backward', None if g1 is None else g1.tolist(), None if g2 is None else g2.tolist()))
        r = torch.zeros(2)
        if g1 is not None:
            r = r + g1 * 2
        if g2 is not None:
            r = r + g2 * 3
        return r

x = torch.tensor([1., 2.], requires_grad=True)
y = Scale.apply(x, 10.)
print(y.grad_fn.name(), type(y.grad_fn).__name__, [(n.name() if n else None, i) for n, i in y.grad_fn.next_functions])
y.register_hook(lambda g: (log.append(('tensor hook', g.tolist())), g + 1)[1])
y.grad_fn.register_prehook(lambda go: (log.append(('pre', [g.tolist() for g in go])), (go[0] * 2,))[1])
y.grad_fn.register_hook(lambda gi, go: (log.append(('post', [None if g is None else g.tolist() for g in gi])), (gi[0] + 1000,))[1])
y.retain_grad()
y.sum().backward()
for entry in log:
    print(entry)
print('y.grad', y.grad.tolist(), 'x.grad', x.grad.tolist())
log.clear()
a = torch.tensor([1., 1.], requires_grad=True)
o1, o2 = TwoOut.apply(a)
print(o1.grad_fn.name(), o1.grad_fn is o2.grad_fn, o1.output_nr, o2.output_nr)
o2.register_hook(lambda g: log.append(('o2 hook', g)))
o1.register_hook(lambda g: log.append(('o1 hook', g.tolist())))
o1.grad_fn.register_prehook(lambda go: log.append(('pre', [None if g is None else g.tolist() for g in go])))
o1.sum().backward()
for entry in log:
    print(entry)
print('a.grad', a.grad.tolist())
