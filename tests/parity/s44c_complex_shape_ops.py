# Complex tensors in PyTorch's shape-moving ops: repeat / tile, diag (of a matrix and of a
# vector), diagonal, tril / triu (also of a transposed input), diag_embed, rot90, constant
# F.pad (a float value, negative pads; a complex value is PyTorch's argument error), unfold,
# reshape of a transposed input: values, gradients, grad_fn names
# and create_graph double backward as bit patterns (s44c sweep: these refused complex inputs).
import random

import numpy as np
import torch

F = torch.nn.functional


def cplx(*shape, dtype=torch.complex64):
    n = int(np.prod(shape)) if shape else 1
    vals = [complex(random.uniform(-3, 3), random.uniform(-3, 3)) for _ in range(n)]
    return torch.tensor(vals, dtype=dtype).reshape(shape)


def words(t):
    """Bit patterns: data movement is exact."""
    array = np.ascontiguousarray(t.detach().resolve_conj().numpy())
    return " ".join(f"{w:x}" for w in array.view(np.uint32 if array.itemsize <= 8 else np.uint64).ravel())


def show(name, t):
    print(name, None if t is None else (t.dtype, list(t.shape), words(t)))


def run(name, f, *shapes, dtype=torch.complex64, double=False):
    random.seed(name)
    try:
        ins = [cplx(*s, dtype=dtype).requires_grad_() for s in shapes]
        out = f(*ins)
        show(name + " out", out)
        print(name, "grad_fn", out.grad_fn.name())
        g = cplx(*out.shape, dtype=out.dtype)
        grads = torch.autograd.grad(out, ins, g, create_graph=double, allow_unused=True,
                                    retain_graph=True)
        for i, gr in enumerate(grads):
            show(f"{name} grad{i}", gr)
            if double and gr is not None:
                print(name, "grad grad_fn", gr.grad_fn.name() if gr.grad_fn else None)
        if double:
            loss = sum(torch.view_as_real(gr).sum() for gr in grads if gr is not None and gr.requires_grad)
            if isinstance(loss, torch.Tensor):
                for i, gr in enumerate(torch.autograd.grad(loss, ins, allow_unused=True, retain_graph=True)):
                    show(f"{name} gg{i}", gr)
        for i, gr in enumerate(torch.autograd.grad(torch.view_as_real(out).abs().sum(), ins,
                                                   allow_unused=True)):
            show(f"{name} abs-loss grad{i}", gr)
    except Exception as e:
        print(name, "error", type(e).__name__, str(e)[:200])


def err(name, f):
    try:
        r = f()
        show(name, r)
    except Exception as e:
        print(name, "error", type(e).__name__, str(e)[:200])


for dtype in (torch.complex64, torch.complex128):
    for double in (False, True):
        p = f"{dtype} {'create_graph' if double else 'plain'}"
        kw = dict(dtype=dtype, double=double)
        run(p + " repeat", lambda x: x.repeat(2, 1, 3), (2, 3), **kw)
        run(p + " repeat long", lambda x: x.repeat(3, 5), (4, 9), **kw)
        run(p + " repeat zero", lambda x: x.repeat(1, 0), (2, 3), **kw)
        run(p + " tile", lambda x: x.tile(2), (2, 3), **kw)
        run(p + " diag of a matrix", lambda x: x.diag(1), (3, 3), **kw)
        run(p + " diag of a vector", lambda x: x.diag(-1), (3,), **kw)
        run(p + " diagonal", lambda x: x.diagonal(0, 1, 2), (2, 3, 3), **kw)
        run(p + " tril", lambda x: x.tril(), (3, 3), **kw)
        run(p + " triu", lambda x: x.triu(1), (2, 3, 3), **kw)
        run(p + " tril of a transpose", lambda x: x.t().tril(-1), (3, 4), **kw)
        run(p + " diag_embed", lambda x: torch.diag_embed(x, 1), (2, 3), **kw)
        run(p + " rot90", lambda x: x.rot90(), (2, 3), **kw)
        run(p + " rot90 twice", lambda x: x.rot90(2, (1, 0)), (2, 3), **kw)
        run(p + " pad", lambda x: F.pad(x, (1, 2, 0, 1), value=0.5), (2, 3), **kw)
        run(p + " pad negative", lambda x: F.pad(x, (-1, 1)), (2, 3), **kw)
        run(p + " unfold", lambda x: x.unfold(1, 2, 1), (2, 3), **kw)
        run(p + " reshape of a transpose", lambda x: x.t().reshape(6), (2, 3), **kw)

c = torch.tensor([[1 + 1j, 2 - 1j], [0.5j, 3.]])
r = torch.tensor([[1., 2.], [3., 4.]])
err("pad complex value", lambda: F.pad(c, (1, 0), value=1j))
err("pad real, complex value", lambda: F.pad(r, (1, 0), value=2 + 0j))
err("pad layout", lambda: torch.tensor(F.pad(c.t(), (1, 0)).stride()))
err("repeat layout", lambda: torch.tensor(c.t().repeat(1, 2).stride()))
