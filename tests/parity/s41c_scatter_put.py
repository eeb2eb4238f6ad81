# select_scatter / slice_scatter / diagonal_scatter / put / put_ (not a fuzz find: APIs
# hookgrad lacked): values, dtypes, result strides (a transposed input keeps its layout),
# node names, the gradients to the input and the source (and their double backward), the
# accumulate flag (duplicate indices added in order), PyTorch's argument errors.
import numpy as np
import torch

rng = np.random.default_rng(5)


def bits(t):
    a = t.detach().numpy()
    if a.dtype == np.float32:
        return a.view(np.int32).tolist()
    if a.dtype == np.float64:
        return a.view(np.int64).tolist()
    return a.tolist()


def run(label, f, x, src):
    x = x.detach().clone().requires_grad_(x.is_floating_point())
    src = src.detach().clone().requires_grad_(src.is_floating_point())
    try:
        out = f(x, src)
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    print(label, out.dtype, tuple(out.shape), out.stride(),
          out.grad_fn.name() if out.grad_fn else None, bits(out))
    if out.requires_grad:
        g = torch.from_numpy(rng.standard_normal(out.shape)).to(out.dtype).requires_grad_()
        gx, gs = torch.autograd.grad(out, [x, src], g, create_graph=True, allow_unused=True)
        print(" gx", gx.grad_fn.name() if gx is not None and gx.grad_fn else None,
              None if gx is None else bits(gx))
        print(" gs", gs.grad_fn.name() if gs is not None and gs.grad_fn else None,
              None if gs is None else bits(gs))
        total = (gx * gx).sum() + (gs * gs).sum()
        print(" gg", [bits(t) for t in torch.autograd.grad(total, [g])])


X = torch.from_numpy(rng.standard_normal((3, 4)).astype(np.float32))
XT = torch.from_numpy(rng.standard_normal((4, 3)).astype(np.float32)).t()
S4 = torch.from_numpy(rng.standard_normal(4).astype(np.float32))
S3 = torch.from_numpy(rng.standard_normal(3).astype(np.float32))
for name, x in (("c", X), ("t", XT)):
    run(name + " select", lambda x, s: torch.select_scatter(x, s, 0, 1), x, S4)
    run(name + " select-1", lambda x, s: x.select_scatter(s, 1, -1), x, S3)
    run(name + " select64", lambda x, s: x.select_scatter(s, 0, 2), x, S4.double())
    run(name + " select oob", lambda x, s: x.select_scatter(s, 0, 3), x, S4)
    run(name + " select size", lambda x, s: x.select_scatter(s, 0, 1), x, S3)
    run(name + " slice", lambda x, s: torch.slice_scatter(x, s, 1, 0, 4, 2), x,
        torch.ones(3, 2))
    run(name + " slice kw", lambda x, s: torch.slice_scatter(x, s, dim=1, start=1, step=2), x,
        torch.arange(6.).view(3, 2))
    run(name + " slice start", lambda x, s: x.slice_scatter(s, start=2), x, S4.view(1, 4))
    run(name + " slice neg", lambda x, s: x.slice_scatter(s, 0, -2, -1), x, S4.view(1, 4))
    run(name + " slice big", lambda x, s: x.slice_scatter(s, 0, -10, 10), x, X)
    run(name + " slice size", lambda x, s: torch.slice_scatter(x, s, 1), x, torch.ones(3, 2))
    run(name + " slice step0", lambda x, s: torch.slice_scatter(x, s, 1, step=0), x, X)
    run(name + " diag", lambda x, s: torch.diagonal_scatter(x, s), x, S3)
    run(name + " diag 2", lambda x, s: x.diagonal_scatter(s, 2), x, S4[:2])
    run(name + " diag -1", lambda x, s: torch.diagonal_scatter(x, s, -1, 1, 0), x, S3)
    run(name + " diag size", lambda x, s: torch.diagonal_scatter(x, s, 1), x, S4[:2])
    run(name + " diag same", lambda x, s: torch.diagonal_scatter(x, s, 0, 1, 1), x, S3)
    I = torch.tensor([0, 5, -1, 5])
    run(name + " put", lambda x, s: x.put(I, s), x, S4)
    run(name + " put acc", lambda x, s: torch.put(x, I, s, accumulate=True), x, S4)
    run(name + " put 2d", lambda x, s: x.put(I.view(2, 2), s, True), x, S4.view(2, 2))
    run(name + " put_", lambda x, s: x.clone().put_(I, s), x, S4)
    run(name + " put_ acc", lambda x, s: x.clone().put_(I, s, accumulate=True), x, S4)
    run(name + " put oob", lambda x, s: x.put(torch.tensor([0, 12]), s), x, S4[:2])
    run(name + " put neg oob", lambda x, s: x.put(torch.tensor([0, -13]), s), x, S4[:2])
    run(name + " put count", lambda x, s: x.put(I, s), x, S3)
    run(name + " put float idx", lambda x, s: x.put(I.float(), s), x, S4)
    run(name + " put int idx", lambda x, s: x.put(I.int(), s), x, S4)
    run(name + " put dtype", lambda x, s: x.put(I, s), x, S4.double())
    run(name + " put scalar", lambda x, s: x.put(I[:1], s), x, torch.tensor(9.))
run("int put acc", lambda x, s: torch.put(x, torch.tensor([1, 1]), s, accumulate=True),
    torch.arange(4), torch.tensor([5, 6]))
run("0d put", lambda x, s: x.put(torch.tensor([0, 0]), s), torch.tensor(1.), S4[:2])
run("0d put acc", lambda x, s: x.put(torch.tensor([0, -1]), s, True), torch.tensor(1.), S4[:2])
run("3d diag", lambda x, s: torch.diagonal_scatter(x, s, 0, 0, 2), torch.zeros(2, 3, 2),
    torch.ones(3, 2))
run("select 0d", lambda x, s: torch.select_scatter(x, s, 0, 0), torch.zeros(3), torch.tensor(5.))
x = torch.ones(3, 4)
y = x.put_(torch.tensor([0]), torch.tensor([2.]))
print(y is x, x[0, 0].item(), x._version)
try:
    torch.select_scatter(x, 1.0, 0, 0)
except Exception as e:
    print(type(e).__name__, e)
