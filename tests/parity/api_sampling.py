# torch.multinomial / bernoulli / normal / poisson: shapes, dtypes, autograd nodes, errors.
# (The random streams are hookgrad's own: only values fixed by construction are printed.)
import torch


def check(label, fn):
    try:
        r = fn()
        node = r.grad_fn.name() if r.grad_fn is not None else None
        print(label, tuple(r.shape), r.dtype, r.requires_grad, node)
    except BaseException as e:
        print(label, type(e).__name__, e)


p = torch.tensor([0.1, 0.2, 0.7])
P = torch.tensor([[0.1, 0.2, 0.7], [1.0, 0.0, 0.0]])
check('m 1-d', lambda: torch.multinomial(p, 2))
check('m 2-d replacement', lambda: torch.multinomial(P, 5, replacement=True))
check('m method', lambda: p.multinomial(3))
check('m double', lambda: torch.multinomial(p.double(), 1))
check('m unnormalised', lambda: torch.multinomial(torch.tensor([3.0, 5.0]), 2))
check('m zero rows', lambda: torch.multinomial(torch.ones(0, 3), 1))
check('m requires grad', lambda: torch.multinomial(torch.ones(3, requires_grad=True), 1))
check('m too many', lambda: torch.multinomial(p, 4))
check('m negative', lambda: torch.multinomial(torch.tensor([-1.0, 1.0]), 1))
check('m nan', lambda: torch.multinomial(torch.tensor([float('nan'), 1.0]), 1))
check('m inf', lambda: torch.multinomial(torch.tensor([float('inf'), 1.0]), 1))
check('m zero sum', lambda: torch.multinomial(torch.tensor([0.0, 0.0]), 1))
check('m 3-d', lambda: torch.multinomial(torch.ones(2, 2, 2), 1))
check('m 0-d', lambda: torch.multinomial(torch.tensor(1.0), 1))
check('m long', lambda: torch.multinomial(torch.tensor([1, 2]), 1))
check('m zero samples', lambda: torch.multinomial(p, 0))
check('m empty categories', lambda: torch.multinomial(torch.ones(2, 0), 1))
# determined by construction: a single non-zero category, one-hot rows
print(torch.multinomial(torch.tensor([0.0, 0.0, 1.0]), 1),
      torch.multinomial(torch.tensor([[0.0, 1.0], [1.0, 0.0]]), 3, True).tolist(),
      sorted(torch.multinomial(torch.tensor([1.0, 0.0, 2.0]), 2).tolist()))
print(sorted(torch.multinomial(torch.ones(5), 5).tolist()))

check('b probs', lambda: torch.bernoulli(p))
check('b p', lambda: torch.bernoulli(p, 0.3))
check('b p keyword', lambda: torch.bernoulli(p, p=0.3))
check('b method', lambda: p.bernoulli())
check('b method p', lambda: p.bernoulli(0.2))
check('b double', lambda: torch.bernoulli(p.double()))
check('b grad', lambda: torch.bernoulli(torch.full((2,), 0.5, requires_grad=True)))
check('b grad p', lambda: torch.bernoulli(torch.full((2,), 0.5, requires_grad=True), 0.5))
check('b long p', lambda: torch.bernoulli(torch.zeros(3, dtype=torch.long), 0.5))
check('b above one', lambda: torch.bernoulli(torch.tensor([1.5])))
check('b negative', lambda: torch.bernoulli(torch.tensor([-0.5])))
check('b nan', lambda: torch.bernoulli(torch.tensor([float('nan')])))
check('b long', lambda: torch.bernoulli(torch.tensor([1, 0])))
check('b bool', lambda: torch.bernoulli(torch.tensor([True, False])))
check('b p out of range', lambda: torch.bernoulli(p, 1.5))
print(torch.bernoulli(torch.tensor([0.0, 1.0, 1.0, 0.0])), torch.bernoulli(p, 0.0),
      torch.bernoulli(p, 1.0))

check('n tensor tensor', lambda: torch.normal(torch.zeros(3), torch.ones(3)))
check('n float tensor', lambda: torch.normal(0.0, torch.ones(3)))
check('n tensor float', lambda: torch.normal(torch.zeros(3), 1.0))
check('n tensor default std', lambda: torch.normal(torch.zeros(2, 2)))
check('n size', lambda: torch.normal(0.0, 1.0, (2, 3)))
check('n size keyword', lambda: torch.normal(0.0, 1.0, size=(2, 3)))
check('n ints', lambda: torch.normal(2, 3, (2,)))
check('n keywords', lambda: torch.normal(mean=torch.zeros(2), std=torch.ones(2)))
check('n broadcast', lambda: torch.normal(torch.zeros(2, 1), torch.ones(3)))
check('n broadcast one', lambda: torch.normal(torch.zeros(1), torch.ones(3)))
check('n float64 mean', lambda: torch.normal(torch.zeros(3, dtype=torch.float64), torch.ones(3)))
check('n float64 std', lambda: torch.normal(torch.zeros(3), torch.ones(3, dtype=torch.float64)))
check('n float64 std only', lambda: torch.normal(0.0, torch.ones(3, dtype=torch.float64)))
check('n dtype', lambda: torch.normal(0.0, 1.0, (2,), dtype=torch.float64))
check('n requires_grad', lambda: torch.normal(1.0, 2.0, (2,), requires_grad=True))
check('n grad mean', lambda: torch.normal(torch.zeros(3, requires_grad=True), torch.ones(3)))
check('n grad std', lambda: torch.normal(0.0, torch.ones(3, requires_grad=True)))
check('n grad mean only', lambda: torch.normal(torch.zeros(3, requires_grad=True), 2.0))
check('n generator', lambda: torch.normal(torch.zeros(2), 1.0, generator=torch.Generator()))
check('n mismatch', lambda: torch.normal(torch.zeros(2), torch.ones(3)))
check('n mismatch numel', lambda: torch.normal(torch.zeros(6), torch.ones(2, 3)))
check('n negative stds', lambda: torch.normal(torch.zeros(3), torch.tensor([-1.0, 1, 1])))
check('n negative std', lambda: torch.normal(torch.zeros(3), -0.5))
check('n negative std size', lambda: torch.normal(0.0, -1.0, (2,)))
check('n long mean', lambda: torch.normal(torch.zeros(3, dtype=torch.long), torch.ones(3)))
check('n long dtype', lambda: torch.normal(0, 1, (2,), dtype=torch.long))
check('n no size', lambda: torch.normal(0.0, 1.0))
check('n tensors and size', lambda: torch.normal(torch.zeros(2), torch.ones(2), (2,)))
print(torch.normal(torch.tensor([1.0, -2.0]), 0.0), torch.normal(3.0, torch.zeros(2)))

check('po', lambda: torch.poisson(torch.tensor([1.0, 2.0])))
check('po double', lambda: torch.poisson(torch.tensor([1.0, 2.0], dtype=torch.float64)))
check('po grad', lambda: torch.poisson(torch.tensor([1.0, 2.0], requires_grad=True)))
check('po negative', lambda: torch.poisson(torch.tensor([-1.0, 2.0])))
check('po nan', lambda: torch.poisson(torch.tensor([float('nan')])))
check('po long', lambda: torch.poisson(torch.tensor([1, 2])))
print(torch.poisson(torch.tensor([0.0, 0.0])), torch.poisson(torch.tensor([float('inf')])))

for name, make in [('normal', lambda m, s: torch.normal(m, s)),
                   ('normal mean', lambda m, s: torch.normal(m, 2.0)),
                   ('normal std', lambda m, s: torch.normal(1.0, s)),
                   ('poisson', lambda m, s: torch.poisson(s)),
                   ('bernoulli', lambda m, s: torch.bernoulli(s * 0.5))]:
    m = torch.zeros(3, requires_grad=True)
    s = torch.ones(3, requires_grad=True)
    out = make(m, s)
    (out * out).sum().backward()
    print('zero gradients', name, out.grad_fn.name(), m.grad, s.grad,
          [type(f[0]).__name__ if f[0] is not None else None
           for f in out.grad_fn.next_functions])
x = torch.full((2,), 0.5, requires_grad=True)
try:
    torch.bernoulli(x, 0.5).sum().backward()
except RuntimeError as e:
    print('RuntimeError', e)
