# Spec 9.5: optimizer register_state_dict_pre_hook(hook(optimizer)) runs before the dict is
# built (upstream test_state_dict_pre_hook: it may add to optimizer.state);
# register_state_dict_post_hook(hook(optimizer, state_dict)) may edit in place or return a
# replacement seen by later hooks and returned; prepend=True puts a hook first.
import torch

log = []
p = torch.nn.Parameter(torch.tensor([1., 2.]))
opt = torch.optim.Adam([p], lr=0.01)
p.grad = torch.tensor([0.5, -0.5])
opt.step()


def pre(optimizer):
    log.append(('pre', type(optimizer).__name__, len(optimizer.state)))
    optimizer.state['test'] = 1


opt.register_state_dict_pre_hook(pre)
opt.register_state_dict_pre_hook(lambda o: log.append('pre prepended'), prepend=True)
sd = opt.state_dict()
print(log, 'state keys', list(sd['state'].keys()), 'param state', sorted(sd['state'][0].keys()))
print('param_groups params', sd['param_groups'][0]['params'], 'lr', sd['param_groups'][0]['lr'])
log.clear()


def post_edit(o, sd):
    log.append(('post_edit sees', sorted(sd.keys())))
    sd['ran_post_edit'] = True


def post_replace(o, sd):
    log.append(('post_replace sees', sorted(sd.keys())))
    return {'replaced': True, 'had': sorted(sd.keys())}


def post_last(o, sd):
    log.append(('post_last sees', sorted(sd.keys())))


opt2 = torch.optim.SGD([p], lr=0.1)
opt2.register_state_dict_post_hook(post_replace)
opt2.register_state_dict_post_hook(post_last)
opt2.register_state_dict_post_hook(post_edit, prepend=True)
r = opt2.state_dict()
for entry in log:
    print(entry)
print('result', r)
log.clear()
