# nn.utils.parametrize: the Parametrized<Class> class swap, module.parametrizations.<name>.original,
# right_inverse, cached(), state-dict keys, removal, and the errors of bad parametrizations.
import torch, copy
import torch.nn as nn
import torch.nn.utils.parametrize as P

class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)

class Scale(nn.Module):
    def forward(self, X): return X * 2
    def right_inverse(self, X): return X / 2

m = nn.Linear(3, 3)
with torch.no_grad():
    m.weight.copy_(torch.arange(9.).reshape(3, 3)); m.bias.fill_(0.5)
P.register_parametrization(m, "weight", Symmetric())
print(type(m).__name__, type(m).__module__ != nn.Linear.__module__, P.type_before_parametrizations(m).__name__)
print(m)
print(m.weight)
print(list(m.state_dict().keys()))
print([n for n, _ in m.named_parameters()])
print(P.is_parametrized(m), P.is_parametrized(m, 'weight'), P.is_parametrized(m, 'bias'))
print(m.parametrizations.weight.original)
P.register_parametrization(m, "weight", Scale())
print(m.weight, m.parametrizations.weight.original)
try: m.weight = torch.eye(3) * 4
except RuntimeError as e: print(e)
s = nn.Linear(3, 3); P.register_parametrization(s, "weight", Scale())
s.weight = torch.eye(3) * 4
print(s.parametrizations.weight.original, s.weight)
x = torch.ones(2, 3)
m(x).sum().backward()
print(m.parametrizations.weight.original.grad)
with P.cached():
    a = m.weight; b = m.weight
    print(a is b)
print(m.weight is m.weight)
m2 = copy.deepcopy(m); print(type(m2).__name__, torch.equal(m2.weight, m.weight))
try:
    import pickle; pickle.dumps(m)
except Exception as e: print(type(e).__name__, str(e)[:60])
P.remove_parametrizations(m, "weight")
print(type(m).__name__, m.weight, list(m.state_dict().keys()), hasattr(m, 'parametrizations'))
m = nn.Linear(2, 2)
P.register_parametrization(m, "bias", Scale())
P.remove_parametrizations(m, "bias", leave_parametrized=False)
print(m.bias.shape)
try: P.remove_parametrizations(m, "bias")
except Exception as e: print(type(e).__name__, e)
try: P.register_parametrization(m, "foo", Scale())
except Exception as e: print(type(e).__name__, e)
class Bad(nn.Module):
    def forward(self, X): return X[0]
try: P.register_parametrization(nn.Linear(2,2), "weight", Bad())
except Exception as e: print(type(e).__name__, e)
class ToDouble(nn.Module):
    def forward(self, X): return X.double()
try: P.register_parametrization(nn.Linear(2,2), "weight", ToDouble())
except Exception as e: print(type(e).__name__, e)
l = nn.Linear(2, 2); P.register_parametrization(l, "weight", ToDouble(), unsafe=True); print(l.weight.dtype)
class Split(nn.Module):
    def forward(self, A, B): return A + B
    def right_inverse(self, X): return (X * 0.25, X * 0.75)
l = nn.Linear(2, 2)
with torch.no_grad(): l.weight.copy_(torch.tensor([[1., 2], [3, 4]]))
P.register_parametrization(l, "weight", Split())
print(list(l.state_dict().keys()), l.weight, l.parametrizations.weight.original0)
try: P.remove_parametrizations(l, "weight", leave_parametrized=False)
except Exception as e: print(type(e).__name__, e)
P.remove_parametrizations(l, "weight"); print(type(l.weight).__name__, l.weight)
