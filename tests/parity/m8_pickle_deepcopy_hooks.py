# A module carrying every kind of module hook survives pickle and copy.deepcopy: the copy has
# the same hooks (by handle id, with their flags), they fire on the copy with the copy as
# their module (load_state_dict pre-hooks registered with the module included), and the
# original keeps its own. Parameters come back without their tensor hooks (and, deep-copied,
# without .grad); a with-module hook whose module died pickles but cannot be revived.
import copy
import io
import pickle
import warnings

import torch
import torch.nn as nn

log = []


def fwd_pre(m, args):
    log.append(('forward_pre', type(m).__name__, id(m) == id(CURRENT[0])))


def fwd_pre_kwargs(m, args, kwargs):
    log.append(('forward_pre kwargs', sorted(kwargs)))


def fwd(m, args, out):
    log.append(('forward', id(m) == id(CURRENT[0])))


def fwd_kwargs(m, args, kwargs, out):
    log.append(('forward kwargs', sorted(kwargs)))


def fwd_always(m, args, out):
    log.append('forward always')


def bwd_pre(m, grad_output):
    log.append(('backward_pre', id(m) == id(CURRENT[0])))


def bwd(m, grad_input, grad_output):
    log.append(('backward', id(m) == id(CURRENT[0])))


def sd_pre(m, prefix, keep_vars):
    log.append(('state_dict pre', id(m) == id(CURRENT[0])))


def sd_post(m, state_dict, prefix, local_metadata):
    log.append(('state_dict post', sorted(state_dict)))


def sd_private(m, state_dict, prefix, local_metadata):
    log.append('state_dict private')


def load_pre_module(m, state_dict, prefix, local_metadata, strict, missing, unexpected, errs):
    log.append(('load pre with module', id(m) == id(CURRENT[0])))


def load_pre_plain(state_dict, prefix, local_metadata, strict, missing, unexpected, errs):
    log.append('load pre without module')


def load_post(m, incompatible):
    log.append(('load post', id(m) == id(CURRENT[0])))


def weight_hook(grad):
    log.append('weight tensor hook')


class Net(nn.Linear):
    def forward(self, x, scale=1.0):
        return super().forward(x) * scale


CURRENT = [None]


def build():
    net = Net(2, 1)
    net.register_forward_pre_hook(fwd_pre)
    net.register_forward_pre_hook(fwd_pre_kwargs, with_kwargs=True, prepend=True)
    net.register_forward_hook(fwd)
    net.register_forward_hook(fwd_kwargs, with_kwargs=True)
    net.register_forward_hook(fwd_always, always_call=True)
    net.register_full_backward_pre_hook(bwd_pre)
    net.register_full_backward_hook(bwd)
    net.register_state_dict_pre_hook(sd_pre)
    net.register_state_dict_post_hook(sd_post)
    net._register_state_dict_hook(sd_private)
    net.register_load_state_dict_pre_hook(load_pre_module)
    net._register_load_state_dict_pre_hook(load_pre_plain)
    net._register_load_state_dict_pre_hook(load_pre_module, with_module=True)
    net.register_load_state_dict_post_hook(load_post)
    net.weight.register_hook(weight_hook)
    return net


def exercise(net, label):
    CURRENT[0] = net
    log.clear()
    net(torch.ones(1, 2, requires_grad=True), scale=2.0).sum().backward()
    net.load_state_dict(net.state_dict())
    print(label)
    for entry in log:
        print('  ', entry)


def describe(net):
    dicts = ('_forward_pre_hooks', '_forward_pre_hooks_with_kwargs', '_forward_hooks',
             '_forward_hooks_with_kwargs', '_forward_hooks_always_called',
             '_backward_pre_hooks', '_backward_hooks', '_state_dict_pre_hooks',
             '_state_dict_hooks', '_load_state_dict_pre_hooks', '_load_state_dict_post_hooks')
    return {name: len(getattr(net, name)) for name in dicts}


net = build()
first_ids = list(net._forward_hooks)
exercise(net, 'original')

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    data = pickle.dumps(net)
print('pickle warnings', [str(w.message)[:60] for w in caught])
again = pickle.loads(data)
print('unpickled hook counts', describe(again), 'same ids', list(again._forward_hooks) == first_ids,
      'full backward', again._is_full_backward_hook)
print('weight hooks after pickle', again.weight._backward_hooks)
exercise(again, 'unpickled')

copied = copy.deepcopy(net)
print('deepcopy hook counts', describe(copied), 'same ids', list(copied._forward_hooks) == first_ids)
print('weight hooks after deepcopy', len(copied.weight._backward_hooks or {}))
exercise(copied, 'deepcopied')
exercise(net, 'original again')

# torch.save / torch.load of the whole module (weights_only=False) keeps the hooks too
buffer = io.BytesIO()
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    torch.save(net, buffer)
buffer.seek(0)
loaded = torch.load(buffer, weights_only=False)
exercise(loaded, 'torch.load')

# a with-module load hook whose module is gone
orphan = build()
state = orphan._load_state_dict_pre_hooks
hook = list(state.values())[0]
del orphan
import gc
gc.collect()
try:
    hook({}, '', {}, True, [], [], [])
except RuntimeError as e:
    print('dead module:', e)
dead = pickle.dumps(hook)
try:
    pickle.loads(dead)
except RuntimeError as e:
    print('unpickle dead:', e)
net.weight.grad = torch.ones(1, 2)
net.weight.note = 'kept by pickle'
print('deepcopy grad', copy.deepcopy(net).weight.grad, 'pickle grad',
      pickle.loads(pickle.dumps(net)).weight.grad,
      getattr(pickle.loads(pickle.dumps(net.weight)), 'note', None),
      getattr(copy.deepcopy(net.weight), 'note', None))
