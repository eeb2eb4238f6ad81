# Lazy modules: nn.LazyLinear and a user module on LazyModuleMixin. Before the first call
# the parameters are UninitializedParameter; the first call's forward pre-hook (registered
# at construction, with kwargs) materializes them and turns the module into its
# cls_to_become, removing its own hooks; user hooks registered meanwhile stay, in order.
# load_state_dict into a lazy module materializes with the loaded shapes.
import copy
import pickle
import warnings

import torch
import torch.nn as nn
from torch.nn.modules.lazy import LazyModuleMixin
from torch.nn.parameter import UninitializedParameter, is_lazy

warnings.simplefilter('ignore')
log = []

m = nn.LazyLinear(3)
print(m, type(m).__name__, m.weight, m.bias, is_lazy(m.weight), isinstance(m, nn.Linear),
      isinstance(m, LazyModuleMixin), m.has_uninitialized_params())
print('hook dicts', len(m._forward_pre_hooks), list(m._forward_pre_hooks_with_kwargs.values()),
      len(m._load_state_dict_pre_hooks))
print('state_dict', [(k, type(v).__name__) for k, v in m.state_dict().items()])
try:
    m.weight.shape
except RuntimeError as e:
    print('shape:', str(e)[:60])
print('size', m.weight.size(), 'dtype', m.weight.dtype, 'requires_grad', m.weight.requires_grad)
print('copies', type(copy.deepcopy(m).weight).__name__,
      type(pickle.loads(pickle.dumps(m)).weight).__name__)
m.register_forward_pre_hook(lambda mod, args: log.append(('user pre', type(mod).__name__)))
m.register_forward_pre_hook(lambda mod, args: log.append(('user prepend', type(mod).__name__)),
                            prepend=True)
m.register_forward_hook(lambda mod, args, out: log.append(('user fwd', type(mod).__name__)))
x = torch.tensor([[1.0, 2.0, 3.0, 4.0, 5.0]])
out = m(x)
print(log)
print(m, type(m).__name__, type(m.weight).__name__, tuple(m.weight.shape), tuple(out.shape),
      m.has_uninitialized_params() if hasattr(m, 'has_uninitialized_params') else 'no method',
      hasattr(m, '_initialize_hook'), len(m._forward_pre_hooks), len(m._load_state_dict_pre_hooks))
log.clear()
m(x)
print('second call', log)

# double() before materializing: the parameters take the dtype they are materialized with
m2 = nn.LazyLinear(2, bias=False).double()
m2(torch.ones(1, 3, dtype=torch.float64))
print('double', m2.weight.dtype, m2.bias, tuple(m2.weight.shape))

# load_state_dict into a lazy module
src = nn.Linear(4, 2)
with torch.no_grad():
    src.weight.copy_(torch.arange(8.).reshape(2, 4))
    src.bias.fill_(1.0)
dst = nn.LazyLinear(2)
print('load', dst.load_state_dict(src.state_dict()), type(dst).__name__,
      type(dst.weight).__name__, dst.weight.tolist(), dst.in_features)
print(dst(torch.ones(1, 4)).tolist(), type(dst).__name__)

# a state dict of an uninitialized module loads into another uninitialized one
fresh, other = nn.LazyLinear(2), nn.LazyLinear(2)
print('lazy into lazy', fresh.load_state_dict(other.state_dict()), is_lazy(fresh.weight))
try:
    nn.Linear(4, 2).load_state_dict(nn.LazyLinear(2).state_dict())
except RuntimeError as e:
    print('lazy into Linear:', str(e)[:120])

# a module of one's own
class LazyScale(LazyModuleMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = UninitializedParameter()

    def initialize_parameters(self, x, offset=0.0):
        self.scale.materialize(x.shape[1:])
        with torch.no_grad():
            self.scale.fill_(2.0 + offset)

    def forward(self, x, offset=0.0):
        return x * self.scale


s = LazyScale()
print(type(s).__name__, s.cls_to_become, s.has_uninitialized_params())
print(s(torch.ones(2, 3), offset=1.0).tolist(), type(s).__name__, hasattr(s, '_load_hook'))


class Incomplete(LazyModuleMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.w = UninitializedParameter()

    def forward(self, x):
        return x


try:
    Incomplete()(torch.ones(1))
except NotImplementedError as e:
    print('NotImplementedError', e)


class Half(Incomplete):
    def initialize_parameters(self, x):
        pass


try:
    Half()(torch.ones(1))
except RuntimeError as e:
    print('RuntimeError', e)

# LazyLinear inside a container, optimizer made before the first call
net = nn.Sequential(nn.LazyLinear(4), nn.ReLU(), nn.LazyLinear(1))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
print(net)
net(torch.ones(2, 3)).sum().backward()
opt.step()
print(net, [tuple(p.shape) for p in net.parameters()],
      [type(p).__name__ for p in opt.param_groups[0]['params']])
