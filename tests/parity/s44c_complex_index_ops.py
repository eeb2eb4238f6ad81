# Complex tensors in PyTorch's index ops (index_select, gather, scatter / scatter_add with a
# tensor or a number, index_add with alpha 1, index_copy, index_fill, take, put,
# take_along_dim, index_put / item assignment / advanced indexing): values, gradients (a
# complex gradient= and a view_as_real loss), grad_fn names and create_graph double backward,
# as bit patterns (data movement is exact); and PyTorch's errors for complex numbers or
# tensors written into real tensors (s44c sweep: these refused complex inputs before).
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
        run(p + " index_select", lambda x: x.index_select(0, torch.tensor([1, 0, 1])), (2, 3), **kw)
        run(p + " index_select dim1", lambda x: x.index_select(1, torch.tensor([2, 2])), (2, 3), **kw)
        run(p + " gather", lambda x: x.gather(1, torch.tensor([[1, 1], [0, 2]])), (2, 3), **kw)
        run(p + " scatter", lambda x, s: x.scatter(1, torch.tensor([[1, 2], [0, 1]]), s), (2, 3), (2, 2), **kw)
        run(p + " scatter number", lambda x: x.scatter(1, torch.tensor([[1], [0]]), 2 - 1j), (2, 3), **kw)
        run(p + " scatter_add", lambda x, s: x.scatter_add(1, torch.tensor([[1, 1], [0, 2]]), s), (2, 3), (2, 2), **kw)
        run(p + " index_add", lambda x, s: x.index_add(0, torch.tensor([1, 0, 1]), s), (2, 3), (3, 3), **kw)
        run(p + " index_copy", lambda x, s: x.index_copy(0, torch.tensor([1, 0]), s), (2, 3), (2, 3), **kw)
        run(p + " index_fill", lambda x: x.index_fill(1, torch.tensor([1, 2]), 1.5j), (2, 3), **kw)
        run(p + " index_fill tensor", lambda x, v: x.index_fill(1, torch.tensor([1, 2]), v), (2, 3), (), **kw)
        run(p + " take", lambda x: x.take(torch.tensor([[3, 0], [5, 3]])), (2, 3), **kw)
        run(p + " put", lambda x, s: x.put(torch.tensor([3, 0]), s), (2, 3), (2,), **kw)
        run(p + " put accumulate", lambda x, s: x.put(torch.tensor([3, 3]), s, accumulate=True), (2, 3), (2,), **kw)
        run(p + " take_along_dim", lambda x: torch.take_along_dim(x, torch.tensor([[1], [2]]), 1), (2, 3), **kw)
        run(p + " index_put", lambda x, v: x.index_put((torch.tensor([1, 0]), torch.tensor([2, 2])), v), (2, 3), (2,), **kw)
        run(p + " index_put accumulate", lambda x, v: x.index_put((torch.tensor([1, 1]), torch.tensor([2, 2])), v, accumulate=True), (2, 3), (2,), **kw)

        def setitem(x, v):
            y = x.clone()
            y[torch.tensor([1, 0])] = v
            return y
        run(p + " setitem", setitem, (2, 3), (3,), **kw)
        run(p + " advanced index", lambda x: x[torch.tensor([1, 1, 0]), 1:], (2, 3), **kw)

r = torch.tensor([[1., 2.], [3., 4.]])
c = torch.tensor([[1 + 1j, 2 - 1j], [0.5j, 3.]])
err("index_add real into complex", lambda: c.index_add(0, torch.tensor([1, 0]), r))
err("index_add complex into real", lambda: r.index_add(0, torch.tensor([1, 0]), c))
err("index_add real alpha 2j", lambda: r.index_add(0, torch.tensor([1, 0]), r, alpha=2j))
err("index_add real alpha 2+0j", lambda: r.index_add(0, torch.tensor([1, 0]), r, alpha=2 + 0j))
err("scatter complex src into real", lambda: r.scatter(1, torch.tensor([[1], [0]]), c))
err("scatter real src into complex", lambda: c.scatter(1, torch.tensor([[1], [0]]), r))
err("scatter real 2j", lambda: r.scatter(1, torch.tensor([[1], [0]]), 2j))
err("scatter real 2+0j", lambda: r.scatter(1, torch.tensor([[1], [0]]), 2 + 0j))
err("index_put real into complex", lambda: c.index_put((torch.tensor([0]),), torch.tensor([1., 2.])))
err("index_put complex into real", lambda: r.index_put((torch.tensor([0]),), torch.tensor([1j, 2j])))
err("setitem complex into real", lambda: r.clone().__setitem__(torch.tensor([0]), torch.tensor([1j, 2j])))
err("index_fill real 2+0j", lambda: r.index_fill(0, torch.tensor([1]), 2 + 0j))
err("index_fill real tensor 2j", lambda: r.index_fill(0, torch.tensor([1]), torch.tensor(2j)))
err("index_copy real into complex", lambda: c.index_copy(0, torch.tensor([1, 0]), r))
err("put real into complex", lambda: c.put(torch.tensor([1]), torch.tensor([2.])))
