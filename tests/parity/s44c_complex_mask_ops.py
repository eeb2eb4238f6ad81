# Complex tensors in PyTorch's mask ops and nan_to_num: masked_fill with a real, int or complex
# number and with 0-d real / complex tensors (a real value's complex gradient is PyTorch's
# engine error; a complex value into a real tensor is its real part if the imaginary part is
# 0, else PyTorch's conversion error), masked_select (broadcast mask), masked_scatter;
# nan_to_num replaces each part of a complex element as a real one and refuses autograd
# (PyTorch's "outputs with complex dtype" error), its nan / posinf / neginf must be floats.
# Bit patterns, grad_fn names, create_graph (s44c sweep: these refused complex inputs before).
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


m = torch.tensor([[True, False, True], [False, True, True]])
for dtype in (torch.complex64, torch.complex128):
    for double in (False, True):
        p = f"{dtype} {'create_graph' if double else 'plain'}"
        kw = dict(dtype=dtype, double=double)
        run(p + " masked_select", lambda x: x.masked_select(m), (2, 3), **kw)
        run(p + " masked_select broadcast", lambda x: x.masked_select(m), (3,), **kw)
        run(p + " masked_fill float", lambda x: x.masked_fill(m, 2.5), (2, 3), **kw)
        run(p + " masked_fill int", lambda x: x.masked_fill(m, 3), (2, 3), **kw)
        run(p + " masked_fill complex", lambda x: x.masked_fill(m, 1 - 2j), (2, 3), **kw)
        run(p + " masked_fill 0-d complex", lambda x, v: x.masked_fill(m, v), (2, 3), (), **kw)
        run(p + " masked_fill broadcast", lambda x: x.masked_fill(m, -1j), (3,), **kw)
        run(p + " masked_fill_", lambda x: x.clone().masked_fill_(m, 0.5j), (2, 3), **kw)
        run(p + " masked_scatter", lambda x, s: x.masked_scatter(m, s), (2, 3), (6,), **kw)
        run(p + " nan_to_num", lambda x: x.nan_to_num(), (2, 3), **kw)


def real_value_grad():
    c = torch.tensor([[1 + 1j, 2 - 1j], [0.5j, 3.]], requires_grad=True)
    v = torch.tensor(2.5, requires_grad=True)
    out = c.masked_fill(torch.tensor([[True, False], [False, True]]), v)
    torch.view_as_real(out).sum().backward()
    return v.grad


def complex_value_grad():
    r = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    v = torch.tensor(2.5 + 0j, requires_grad=True)
    out = r.masked_fill(torch.tensor([[True, False], [False, True]]), v)
    print("real self, complex value:", out.dtype, out.grad_fn.name())
    (out * 3).sum().backward()
    show("real self grad", r.grad)
    return v.grad


r = torch.tensor([[1., 2.], [3., 4.]])
mm = torch.tensor([[True, False], [False, True]])
err("complex self, real 0-d value's gradient", real_value_grad)
err("real self, complex 0-d value's gradient", complex_value_grad)
err("masked_fill real 1j", lambda: r.masked_fill(mm, 1j))
err("masked_fill real 1+0j", lambda: r.masked_fill(mm, 1 + 0j))
err("masked_fill real tensor 1j", lambda: r.masked_fill(mm, torch.tensor(1j)))
err("masked_fill real tensor 2.5+0j complex128", lambda: r.masked_fill(mm, torch.tensor(2.5 + 0j, dtype=torch.complex128)))
err("masked_fill int tensor 1j", lambda: r.long().masked_fill(mm, 1j))
err("masked_fill half 1j", lambda: r.half().masked_fill(mm, 1j))
err("masked_fill_ real 1j", lambda: r.clone().masked_fill_(mm, 1j))
err("masked_fill complex, complex128 0-d value", lambda: r.cfloat().masked_fill(mm, torch.tensor(3 - 1j, dtype=torch.complex128)))
err("masked_scatter real into complex", lambda: r.cfloat().masked_scatter(mm, r))
inf, nan = float("inf"), float("nan")
special = torch.tensor([complex(0.3, 0.4), complex(nan, 2), complex(inf, -0.25), complex(2, -inf),
                        complex(-inf, nan), complex(nan, inf)])
for dtype in (torch.complex64, torch.complex128):
    err(f"nan_to_num {dtype}", lambda: special.to(dtype).nan_to_num())
    err(f"nan_to_num {dtype} given", lambda: special.to(dtype).nan_to_num(nan=1.5, posinf=7.0, neginf=-7))
    err(f"nan_to_num_ {dtype}", lambda: special.to(dtype).nan_to_num_(posinf=3))
    err(f"nan_to_num transposed {dtype}", lambda: torch.tensor(special.to(dtype).reshape(2, 3).t().nan_to_num().stride()))
err("nan_to_num complex nan", lambda: special.nan_to_num(nan=1j))
err("nan_to_num complex posinf", lambda: r.nan_to_num(posinf=1j))
err("nan_to_num complex neginf", lambda: special.nan_to_num(neginf=1 + 0j))
