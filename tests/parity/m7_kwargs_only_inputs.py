# Spec 7.3 / 7.5: grad_input only covers positional args. Keyword-only tensor input ->
# grad_input == () (nothing wrapped, "no input requires grad" mode with its warning); a
# tensor passed by keyword next to a positional one is not wrapped and still gets its
# gradient; an int-only call -> grad_input == (None,).
import warnings
import torch
import torch.nn as nn

log = []


class KW(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([1., 2.]))

    def forward(self, x=None, n=3, y=None):
        log.append(('forward sees', None if x.grad_fn is None else x.grad_fn.name(),
                    None if y is None or y.grad_fn is None else y.grad_fn.name()))
        out = x * self.w * n
        if y is not None:
            out = out + y * y
        return out


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


k = KW()
k.register_full_backward_hook(lambda m, gi, go: log.append(('hook', fmt(gi), fmt(go))))
x = torch.tensor([1., 1.], requires_grad=True)
y = torch.tensor([2., 3.], requires_grad=True)


def run(label, f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        f().sum().backward()
    print(label)
    for entry in log:
        print('  ', entry)
    print('   warnings', [ww.category.__name__ for ww in w])
    log.clear()


run('keyword only', lambda: k(x=x))
run('positional x, keyword y', lambda: k(x, y=y))
print('x.grad', x.grad.tolist(), 'y.grad', y.grad.tolist())


class P(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))

    def forward(self, n):
        return self.w * n


p = P()
p.register_full_backward_hook(lambda m, gi, go: log.append(('int-only hook', gi, fmt(go))))
run('int only', lambda: p(3))
