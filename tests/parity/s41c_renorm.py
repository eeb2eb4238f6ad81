# torch.renorm / Tensor.renorm / renorm_ (not a fuzz find: an API hookgrad lacked): values as
# bit patterns (the norm over the other dims, the factor maxnorm / (norm + 1e-7) in the
# input's type), p = 1, 2, 3, inf; the gradient (PyTorch's renorm_backward) and its double
# backward; PyTorch's argument errors. (2-D inputs: over several dims hookgrad's vector_norm
# can round differently from PyTorch's reduction.)
import numpy as np
import torch

rng = np.random.default_rng(7)


def bits(t):
    a = t.detach().numpy()
    if a.dtype == np.float32:
        return a.view(np.int32).tolist()
    if a.dtype == np.float64:
        return a.view(np.int64).tolist()
    return a.tolist()


def run(label, f, x):
    x = x.detach().clone().requires_grad_(x.is_floating_point())
    try:
        out = f(x)
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    print(label, out.dtype, tuple(out.shape), out.stride(), out.grad_fn.name(), bits(out))
    g = torch.from_numpy(rng.standard_normal(out.shape)).to(out.dtype).requires_grad_()
    (gx,) = torch.autograd.grad(out, [x], g, create_graph=True)
    print(" gx", gx.grad_fn.name() if gx.grad_fn else None, bits(gx))
    print(" gg", [bits(t) for t in torch.autograd.grad((gx * gx).sum(), [x, g])])


for dtype in (np.float32, np.float64):
    X = torch.from_numpy(rng.standard_normal((4, 5)).astype(dtype))
    for p in (1, 2, 3, 2.5, float("inf")):
        run(f"{dtype.__name__} p{p} dim0", lambda x: torch.renorm(x, p, 0, 1.2), X)
        run(f"p{p} dim1", lambda x: x.renorm(p, 1, 0.9), X)
    run("t", lambda x: x.t().renorm(2, 0, 1.0), X)
    run("maxnorm 0", lambda x: x.renorm(2, 0, 0), X)
    run("big maxnorm", lambda x: x.renorm(2, 0, 100), X)
    run("in place", lambda x: x.clone().renorm_(2, 1, 0.7), X)
X = torch.ones(3, 4)
for f in (lambda: X.renorm(0, 0, 1.), lambda: X.renorm(-1, 0, 1.),
          lambda: X.renorm(2, 0, -1), lambda: X.renorm(2, 0, -0.25),
          lambda: X.renorm(2, 2, 1.), lambda: torch.ones(5).renorm(2, 0, 1.),
          lambda: torch.ones(3, 4, dtype=torch.int64).renorm(2, 0, 1.),
          lambda: torch.renorm(X, p=2, dim=0, maxnorm=1.)):
    try:
        print(f().shape)
    except Exception as e:
        print(type(e).__name__, e)
y = torch.ones(3, 4)
print(y.renorm_(2, 0, 1.) is y, y._version, bits(y))
