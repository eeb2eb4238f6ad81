# nn.utils.parametrizations.orthogonal: every map, square and non-square, with and without
# trivialization; weights and gradients while training (square bases come from a QR of the
# weight, so they are PyTorch's; random completions of non-square bases are only checked
# for orthogonality).
import torch, warnings
import torch.nn as nn
from torch.nn.utils import parametrizations as PZ, parametrize as P
torch.set_printoptions(precision=5)
def lin(i, o, seed=0.3):
    m = nn.Linear(i, o)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-1, 1, i*o).reshape(o, i).sin() * 2 + seed * torch.arange(i*o).reshape(o, i).cos())
        m.bias.copy_(torch.linspace(-0.5, 0.5, o))
    return m
x = torch.linspace(-1, 1, 12).reshape(4, 3) if False else None
for mp in ['matrix_exp', 'cayley', 'householder', None]:
    m = lin(4, 4)
    PZ.orthogonal(m, orthogonal_map=mp)
    W = m.weight
    print(mp, type(m).__name__, torch.allclose(W @ W.T, torch.eye(4), atol=1e-5))
    print(W)
    print(sorted(m.state_dict().keys()))
    xx = torch.linspace(-1, 1, 8).reshape(2, 4)
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    for step in range(3):
        opt.zero_grad()
        loss = (m(xx) ** 3).sum()
        loss.backward()
        if step == 0: print('grad original', m.parametrizations.weight.original.grad)
        opt.step()
    print('after steps', m.weight)
for mp in ['householder', 'matrix_exp', 'cayley']:
    for triv in [True, False]:
        m = lin(3, 5)
        try:
            PZ.orthogonal(m, orthogonal_map=mp, use_trivialization=triv)
        except Exception as e:
            print(mp, triv, type(e).__name__, e); continue
        W = m.weight
        print(mp, triv, W.shape, torch.allclose(W.T @ W, torch.eye(3), atol=1e-5), sorted(m.state_dict().keys()))
        if not triv:
            print(W, m.parametrizations.weight.original)
            xx = torch.linspace(-1, 1, 6).reshape(2, 3)
            (m(xx) ** 2).sum().backward()
            print(m.parametrizations.weight.original.grad)
print(m)
m = lin(4, 4)
PZ.orthogonal(m)
try: m.weight = torch.ones(3, 3)
except Exception as e: print(type(e).__name__, e)
m.weight = torch.eye(4)
print(m.weight)
try: PZ.orthogonal(nn.Linear(3, 3), orthogonal_map='foo')
except Exception as e: print(type(e).__name__, e)
try: PZ.orthogonal(nn.BatchNorm1d(3))
except Exception as e: print(type(e).__name__, e)
try: PZ.orthogonal(nn.Linear(3, 3), name='foo')
except Exception as e: print(type(e).__name__, e)
