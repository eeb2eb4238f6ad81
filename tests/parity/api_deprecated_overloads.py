# The deprecated scalar-first overloads (x.add_(0.5, y), torch.add(x, 0.5, y), addcmul_(v, a, b))
# and PyTorch's warning: one per process, for whichever deprecated overload comes first.
import warnings

import torch


def run(label, fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            print(label, fn())
        except TypeError as e:
            print(label, 'TypeError', e)
    for w in caught:
        print('  warning', w.category.__name__, str(w.message).replace('\n', ' | '))


x = torch.ones(3)
y = torch.arange(3.0)
run('add_', lambda: x.clone().add_(0.5, y))
run('add', lambda: x.add(0.5, y))
run('sub_', lambda: x.clone().sub_(2, y))
run('sub', lambda: x.sub(0.5, y))
run('addcmul_', lambda: x.clone().addcmul_(0.5, y, y))
run('addcmul', lambda: x.addcmul(2, y, y))
run('addcdiv_', lambda: x.clone().addcdiv_(0.5, y, y + 1))
run('addcdiv', lambda: x.addcdiv(0.5, y, y + 1))
run('torch.add', lambda: torch.add(x, 0.5, y))
run('torch.sub', lambda: torch.sub(x, 0.5, y))
run('torch.addcmul', lambda: torch.addcmul(x, 0.5, y, y))
run('torch.addcdiv', lambda: torch.addcdiv(x, 0.5, y, y + 1))
run('numbers only', lambda: x.add(0.5, 1))
run('tensor scalar', lambda: x.clone().add_(torch.tensor(2.0), y))
run('with alpha too', lambda: x.clone().add_(0.5, y, alpha=2))
run('modern add_', lambda: x.clone().add_(y, alpha=0.5))
run('modern addcmul', lambda: x.addcmul(y, y, value=0.5))
# the classic hand-written SGD and Adam steps of old tutorials
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()
w.data.add_(-0.1, w.grad.data)
exp_avg, exp_avg_sq = torch.zeros(2), torch.zeros(2)
exp_avg.mul_(0.9).add_(1 - 0.9, w.grad)
exp_avg_sq.mul_(0.999).addcmul_(1 - 0.999, w.grad, w.grad)
w.data.addcdiv_(-0.01, exp_avg, exp_avg_sq.sqrt().add_(1e-8))
print('old-style steps', w, exp_avg, exp_avg_sq)
g = torch.ones(2, requires_grad=True)
out = torch.zeros(2).add(0.5, g)
out.sum().backward()
print('gradient through add(alpha, other)', g.grad, out.grad_fn.name())
