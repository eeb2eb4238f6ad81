# Spec 9.1 / 9.2 / 9.3: global optimizer step hooks apply to every optimizer instance and
# class (SGD, Adam); a global pre-hook's (args, kwargs) return replaces the step arguments
# before the per-optimizer pre-hooks see them; global post-hooks run after the optimizer's
# own post-hooks; a bad global return raises the same RuntimeError; removal.
import torch
from torch.optim.optimizer import register_optimizer_step_pre_hook, register_optimizer_step_post_hook

log = []
p1 = torch.nn.Parameter(torch.tensor([1.]))
p2 = torch.nn.Parameter(torch.tensor([2.]))
sgd = torch.optim.SGD([p1], lr=1.0)
adam = torch.optim.Adam([p2], lr=0.5)
p1.grad = torch.tensor([0.5])
p2.grad = torch.tensor([0.5])
g1 = register_optimizer_step_pre_hook(lambda o, a, k: log.append(('gpre', type(o).__name__, sorted(k))))
g2 = register_optimizer_step_post_hook(lambda o, a, k: log.append(('gpost', type(o).__name__, sorted(k))))
sgd.register_step_post_hook(lambda o, a, k: log.append(('sgd post', sorted(k))))
adam.register_step_pre_hook(lambda o, a, k: log.append(('adam pre', sorted(k))))
sgd.step()
adam.step()
for entry in log:
    print(entry)
log.clear()


def add_closure(o, a, k):
    return a, {'closure': lambda: torch.tensor(float(len(log)))}


g3 = register_optimizer_step_pre_hook(add_closure)
r = adam.step()
print('global replacement: step returned', r, log)
log.clear()
g3.remove()

g4 = register_optimizer_step_pre_hook(lambda o, a, k: 'bad')
try:
    sgd.step()
except RuntimeError as e:
    print(type(e).__name__, e)
print(log)
log.clear()
g4.remove()
g1.remove()
g2.remove()
sgd.step()
adam.step()
print('globals removed', log)
print('params', p1.tolist(), p2.tolist())
