# An empty index: scatter / scatter_add / scatter_reduce return the input (its node recorded)
# and gather an empty tensor of the index's shape, whatever the index's shape or dtype; only
# the dim's range and src's dtype are checked (fuzz 12:5136). Also scatter_reduce's and
# take_along_dim's order of checks for bad indices.
import warnings

import torch

warnings.simplefilter("ignore")


def run(label, f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
        print(label, r.shape, r.flatten()[:4], r.grad_fn.name() if r.grad_fn else None)
    except (RuntimeError, IndexError, TypeError) as e:
        print(label, type(e).__name__, e)


for xs in [(2, 3), (0, 3), (2, 2, 2, 2, 3)]:
    for ishape in [(0,), (2, 0), (2, 3, 0, 0, 0), (1, 0, 2)]:
        for dim in [0, -1]:
            x = torch.ones(xs, requires_grad=True)
            idx = torch.zeros(ishape, dtype=torch.int64)
            src = torch.ones(ishape, requires_grad=True)
            run(f"scatter_add {xs} {ishape} {dim}", x.scatter_add, dim, idx, src)
            run(f"scatter {xs} {ishape} {dim}", x.scatter, dim, idx, src)
            run(f"scatter_val {xs} {ishape} {dim}", x.scatter, dim, idx, 2.0)
            for reduce in ["sum", "amax", "mean"]:
                run(f"scatter_reduce {reduce} {xs} {ishape} {dim}",
                    x.scatter_reduce, dim, idx, src, reduce, include_self=False)
            run(f"gather {xs} {ishape} {dim}", x.gather, dim, idx)
            run(f"scatter_add_ {xs} {ishape} {dim}",
                x.detach().clone().scatter_add_, dim, idx, src.detach())
            y = x.scatter_add(dim, idx, src) + x.gather(dim, idx).sum()
            g = torch.autograd.grad(y.sum(), [x, src], create_graph=True)
            print("grads", g[0].flatten()[:4], g[1].shape)
x = torch.ones(2, 3, requires_grad=True)
for name, idx in [("float", torch.zeros(0)), ("int32", torch.zeros(0, dtype=torch.int32)),
                  ("int64_2d", torch.zeros(2, 0, dtype=torch.int64)),
                  ("float_full", torch.zeros(2, 3))]:
    for dim in [0, 5]:
        for src in [torch.ones(0), torch.ones(5, 5, 5), torch.ones(2, 3).double(), 2.0]:
            label = f"{name} {dim} {tuple(src.shape) if isinstance(src, torch.Tensor) else src}"
            if isinstance(src, torch.Tensor):
                run("scatter_add " + label, x.scatter_add, dim, idx, src)
            run("scatter_reduce " + label, x.scatter_reduce, dim, idx, src, "sum")
            run("scatter " + label, x.scatter, dim, idx, src)
        run(f"gather {name} {dim}", x.gather, dim, idx)
        run(f"take_along_dim {name} {dim}", torch.take_along_dim, x, idx, dim)
    run(f"take_along_dim {name} None", torch.take_along_dim, x, idx)
run("scatter_reduce bad", x.scatter_reduce, 0, torch.zeros(0), torch.ones(0), "bad")
# the fuzz program 12:5136
v1 = torch.arange(32.).reshape(2, 2, 4, 2).unfold(2, 3, 1)
v3 = torch.zeros((2, 3, 0, 0, 0)).requires_grad_()
print(v1.scatter_add_(1, torch.zeros((2, 3, 0, 0, 0), dtype=torch.int64), v3).sum())
# an empty input's sort / max along a dim under create_graph: their gradient scatters by an
# empty index of the input's shape (fuzz corpus 1:1157)
for make in [lambda x: x.sort(dim=1).values, lambda x: x.max(dim=1).values,
             lambda x: x.topk(1, dim=1).values]:
    x = torch.zeros(0, 2, 2, requires_grad=True)
    y = make(x)
    (g,) = torch.autograd.grad(y, x, torch.zeros(y.shape), create_graph=True)
    print(g.shape, g.grad_fn.name() if g.grad_fn else None)
# non-empty indices: PyTorch's shape checks in its order (self's rank, sizes against self and
# src, reading a dim src lacks raises there, src's rank, the size error)
x = torch.ones(2, 3)
for dtype in [torch.int64, torch.int32]:
    for index_shape, src_shape in [((2, 3), (0,)), ((2, 3), (3,)), ((2, 3), (1, 3)),
                                   ((2, 3), (2, 3, 1)), ((1, 2), (1,)), ((2, 3), ()),
                                   ((3, 3), (3, 3)), ((2, 4), (2, 4)), ((1,), (1,)),
                                   ((1, 2), (3, 4)), ((2, 1), (2, 1))]:
        index = torch.zeros(index_shape, dtype=dtype)
        src = torch.arange(float(torch.ones(src_shape).numel())).reshape(src_shape)
        run(f"scatter {index_shape} {src_shape}", x.scatter, 0, index, src)
        run(f"scatter dim 1 {index_shape} {src_shape}", x.scatter, 1, index, src)
        run(f"scatter_add {index_shape} {src_shape}", x.scatter_add, 0, index, src)
        run(f"scatter value {index_shape}", x.scatter, 0, index, 2.0)
        run(f"scatter double {index_shape} {src_shape}", x.scatter, 0, index, src.double())
