# Spec 9.1 / 9.3 + upstream test_step_pre_hook / test_step_post_hook: hooks fire once per
# step, removal stops them; if step raises (closure error) post-hooks do not run; hooks
# work for Adam and for a custom Optimizer subclass (the step is wrapped per class).
import torch

log = []
p = torch.nn.Parameter(torch.tensor([1., -1.]))
opt = torch.optim.Adam([p], lr=0.1)
counts = {'pre': 0, 'post': 0}
hpre = opt.register_step_pre_hook(lambda *a: counts.__setitem__('pre', counts['pre'] + 1))
hpost = opt.register_step_post_hook(lambda *a: counts.__setitem__('post', counts['post'] + 1))
for i in range(3):
    opt.zero_grad()
    (p * p).sum().backward()
    opt.step()
print(counts, p.tolist())
hpre.remove()
opt.step()
print('pre removed', counts)
hpost.remove()
opt.step()
print('post removed', counts)

opt.register_step_post_hook(lambda *a: log.append('post'))


def bad():
    raise ValueError('closure boom')


try:
    opt.step(bad)
except ValueError as e:
    print('step raised', e, 'post hooks ran?', log)


class MyOpt(torch.optim.Optimizer):
    def __init__(self, params):
        super().__init__(params, {'lr': 1.0})

    def step(self, closure=None):
        log.append('mystep')
        for group in self.param_groups:
            for q in group['params']:
                q.data.add_(-group['lr'])


q = torch.nn.Parameter(torch.zeros(1))
mo = MyOpt([q])
mo.register_step_pre_hook(lambda o, a, k: log.append(('mypre', type(o).__name__)))
mo.register_step_post_hook(lambda o, a, k: log.append(('mypost', q.tolist())))
mo.step()
print('subclass', log, q.tolist())
mo2 = MyOpt([torch.nn.Parameter(torch.zeros(1))])
mo2.step()
print('other instance without hooks', log[-1])
