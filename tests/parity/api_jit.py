# torch.jit as eager code checks it: no object is a ScriptModule, is_scripting() is False,
# and the decorators only TorchScript reads pass their function through.
import warnings

import torch
import torch.nn as nn


@torch.jit.ignore
def helper(x):
    return x * 2


@torch.jit.unused
def unused_helper(x):
    return x + 1


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    @torch.jit.export
    def extra(self, x):
        return self.fc(x)

    @torch.jit.ignore(drop=False)
    def debug(self):
        return 'debug'

    def forward(self, x):
        if torch.jit.is_scripting():
            return x
        return helper(self.fc(x))


net = Net()
print(isinstance(net, torch.jit.ScriptModule), isinstance(helper, torch.jit.ScriptFunction))
print(torch.jit.is_scripting(), torch.jit.is_tracing())
print(helper(torch.ones(1)), unused_helper(torch.ones(1)), net.debug())
print(net(torch.ones(1, 2)).shape, net.extra(torch.ones(1, 2)).shape)
print(torch.jit.annotate(int, 3), torch.jit.Attribute(3, int), torch.jit.Final)
print(issubclass(torch.jit.ScriptModule, nn.Module), issubclass(torch.jit.TracerWarning, Warning))
warnings.filterwarnings('ignore', category=torch.jit.TracerWarning)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    torch.jit.ignore(drop=True)
print([(w.category.__name__, str(w.message)) for w in caught])
try:
    torch.jit.ScriptFunction()
except TypeError as e:
    print('TypeError', e)
