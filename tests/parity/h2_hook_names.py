# Spec 2.2: the '<name>' in hook errors is the callable's __name__ ('<lambda>' for lambdas),
# or '<unknown>' when it has none (callable objects, functools.partial).
import functools
import torch

def check(label, hook):
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.register_hook(hook)
    try:
        y.sum().backward()
        print(label, '-> no error')
    except RuntimeError as e:
        print(label, '->', e)

def named_hook(g):
    return torch.ones(5)

class Callable:
    def __call__(self, g):
        return torch.ones(5)

class Holder:
    def method_hook(self, g):
        return torch.ones(5)
    @staticmethod
    def static_hook(g):
        return torch.ones(5)

renamed = lambda g: torch.ones(5)
renamed.__name__ = 'custom_name'

check('function', named_hook)
check('lambda', lambda g: torch.ones(5))
check('callable object', Callable())
check('partial', functools.partial(lambda k, g: torch.ones(5), 1))
check('bound method', Holder().method_hook)
check('staticmethod', Holder.static_hook)
check('renamed lambda', renamed)
x = torch.ones(3, requires_grad=True); y = x * 2
def dtype_hook(g): return g.double()
y.register_hook(functools.partial(dtype_hook))
try:
    y.sum().backward()
except RuntimeError as e:
    print('partial dtype ->', e)
