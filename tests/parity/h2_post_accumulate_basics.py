# Spec 2.19: post-accumulate-grad hooks receive the tensor itself (after .grad was updated),
# run in registration order, must return None (a Tensor return -> "Tensor post accumulate
# grad hooks should return None."; observed: a non-Tensor return is rejected earlier with
# the TypeError of 2.2), and may mutate param / param.grad or set .grad to None.
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
x.register_post_accumulate_grad_hook(lambda p: log.append(('h1', p is x, p.grad.tolist())))
def scale(p):
    p.grad.mul_(10)
    log.append('h2 scaled')
x.register_post_accumulate_grad_hook(scale)
x.register_post_accumulate_grad_hook(lambda p: log.append(('h3', p.grad.tolist())))
(x * 3).sum().backward()
print(log, x.grad.tolist()); log.clear()
(x * 3).sum().backward()
print('second pass sees accumulated', log, x.grad.tolist()); log.clear()
z = torch.ones(2, requires_grad=True)
z.register_post_accumulate_grad_hook(lambda p: setattr(p, 'grad', None))
(z * 2).sum().backward()
print('grad cleared in hook ->', z.grad)
w = torch.ones(2, requires_grad=True)
def sgd_step(p):
    with torch.no_grad():
        p.sub_(p.grad * 0.5)
    p.grad = None
w.register_post_accumulate_grad_hook(sgd_step)
(w * torch.tensor([2., 4.])).sum().backward()
print('optimizer-in-backward', w.tolist(), w.grad)
for label, hook in [('returns tensor', lambda p: p * 2),
                    ('returns grad.add_', lambda p: p.grad.add_(1)),
                    ('returns int', lambda p: 0),
                    ('returns str', lambda p: 'x')]:
    v = torch.ones(3, requires_grad=True)
    v.register_post_accumulate_grad_hook(hook)
    try:
        (v * 2).sum().backward()
        print(label, 'no error')
    except (RuntimeError, TypeError) as e:
        print(label, '->', type(e).__name__, e, '| .grad already set:', v.grad.tolist())
