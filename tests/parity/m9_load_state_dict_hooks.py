# Spec 9.5: optimizer register_load_state_dict_pre_hook(hook(optimizer, state_dict)) gets a
# shallow copy of the user's dict and may return a replacement (used for loading and passed
# to later hooks); register_load_state_dict_post_hook(hook(optimizer)) runs after loading;
# prepend=True reorders (upstream test_load_state_dict_pre_hook_and_prepend).
import copy
import torch

log = []
p = torch.nn.Parameter(torch.tensor([1., 2.]))
src = torch.optim.SGD([p], lr=0.7, momentum=0.5)
saved = src.state_dict()


def hook_inplace(o, sd):
    log.append(('inplace', sd['param_groups'][0]['lr']))
    sd['param_groups'][0]['lr'] = 0.002


def hook_replace(o, sd):
    log.append(('replace', sd['param_groups'][0]['lr']))
    mine = copy.deepcopy(sd)
    mine['param_groups'][0]['lr'] = 0.003
    return mine


def post(tag):
    return lambda o: log.append((tag, o.param_groups[0]['lr'], o.param_groups[0]['momentum']))


for prepend in (False, True):
    user = copy.deepcopy(saved)
    opt = torch.optim.SGD([p], lr=0.1)
    opt.register_load_state_dict_pre_hook(hook_replace)
    opt.register_load_state_dict_pre_hook(hook_inplace, prepend=prepend)
    opt.register_load_state_dict_post_hook(post('post 1'))
    opt.register_load_state_dict_post_hook(post('post 0 (prepend)'), prepend=True)
    opt.load_state_dict(user)
    print('prepend=%s' % prepend, log, 'final lr', opt.param_groups[0]['lr'], 'user lr now', user['param_groups'][0]['lr'])
    log.clear()


def seen(o, sd):
    log.append(('is user dict', sd is user, type(sd).__name__))
    sd.pop('state')
    sd['state'] = {}


opt = torch.optim.SGD([p], lr=0.1)
opt.register_load_state_dict_pre_hook(seen)
user = copy.deepcopy(saved)
opt.load_state_dict(user)
print(log, 'user keys', sorted(user.keys()), 'lr', opt.param_groups[0]['lr'])
