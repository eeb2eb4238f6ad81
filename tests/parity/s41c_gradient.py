# torch.gradient (not a fuzz find: an API hookgrad lacked): every spacing form (none, a number,
# a 0-d tensor, a list of numbers, coordinate tensors), dim as int / list, edge_order 1 and 2,
# integer inputs, PyTorch's argument errors; values and the input's gradients as bit patterns
# (PyTorch's composition of slices, products and divisions rounds that way), node names.
import torch
import numpy as np
torch.manual_seed(0)
rng = np.random.default_rng(0)
def bits(t):
    a = t.detach().numpy()
    if a.dtype == np.float32: return a.view(np.int32).tolist()
    if a.dtype == np.float64: return a.view(np.int64).tolist()
    return a.tolist()
def show(label, f, x):
    try:
        r = f(x)
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0]); return
    print(label, len(r), [str(t.dtype) for t in r], [tuple(t.shape) for t in r], [t.stride() for t in r])
    print(" names", [t.grad_fn.name() if t.grad_fn else None for t in r])
    for t in r: print(" v", bits(t))
    if x.requires_grad:
        gs = [torch.from_numpy(rng.standard_normal(t.shape).astype(np.float32 if t.dtype==torch.float32 else np.float64)) for t in r]
        torch.autograd.backward(list(r), gs)
        print(" g", bits(x.grad)); x.grad = None
X = torch.from_numpy(rng.standard_normal((5, 6)).astype(np.float32)).requires_grad_()
X64 = torch.from_numpy(rng.standard_normal((4, 7))).requires_grad_()
c5 = torch.tensor([0., .3, 1.1, 1.7, 2.9], dtype=torch.float64)
c6 = torch.tensor([0., .25, .7, 1.3, 2.2, 2.5])
ci6 = torch.tensor([0, 1, 3, 4, 7, 9])
cases = {
 "default": lambda x: torch.gradient(x),
 "e2": lambda x: torch.gradient(x, edge_order=2),
 "sc": lambda x: torch.gradient(x, spacing=0.1),
 "sc2": lambda x: torch.gradient(x, spacing=3, edge_order=2),
 "scdim": lambda x: torch.gradient(x, spacing=0.7, dim=1),
 "scdiml": lambda x: torch.gradient(x, spacing=0.7, dim=[1, -2], edge_order=2),
 "list": lambda x: torch.gradient(x, spacing=[0.3, 2]),
 "listdim": lambda x: torch.gradient(x, spacing=[0.3], dim=0),
 "listdiml": lambda x: torch.gradient(x, spacing=[0.3, 1.7], dim=(1, 0), edge_order=2),
 "dim": lambda x: torch.gradient(x, dim=0),
 "diml": lambda x: torch.gradient(x, dim=[-1]),
 "coord": lambda x: torch.gradient(x, spacing=[c5, c6]),
 "coord2": lambda x: torch.gradient(x, spacing=[c5, c6], edge_order=2),
 "coorddim": lambda x: torch.gradient(x, spacing=(ci6,), dim=1, edge_order=2),
 "coorddiml": lambda x: torch.gradient(x, spacing=(ci6, c5), dim=[1, 0]),
 "t0": lambda x: torch.gradient(x, spacing=torch.tensor(0.5)),
}
for k, f in cases.items():
    show(k, f, X)
for k in ["default", "e2", "sc", "sc2", "list", "listdiml"]:
    show("64" + k, cases[k], X64)
show("int", lambda x: torch.gradient(x, spacing=2), torch.tensor([[1, 4, 9, 16], [2, 3, 5, 8]]))
show("int2", lambda x: torch.gradient(x, edge_order=2, dim=1), torch.tensor([[1, 4, 9, 16], [2, 3, 5, 8]], dtype=torch.int32))
show("intc", lambda x: torch.gradient(x, spacing=[torch.tensor([0, 1, 3, 4])], dim=1), torch.tensor([[1, 4, 9, 16], [2, 3, 5, 8]], dtype=torch.int32))
show("0d", lambda x: torch.gradient(x), torch.tensor(2.))
show("1d", lambda x: torch.gradient(x, spacing=0.5, edge_order=2), torch.tensor([1., 4, 9]))
show("bool", lambda x: torch.gradient(x), torch.tensor([True, False]))
show("u8", lambda x: torch.gradient(x), torch.tensor([1, 2], dtype=torch.uint8))
show("small", lambda x: torch.gradient(x, edge_order=2), torch.ones(2, 5))
show("small2", lambda x: torch.gradient(x, dim=1), torch.ones(1, 5))
show("coordbad", lambda x: torch.gradient(x, spacing=[torch.ones(2, 5)], dim=0), torch.ones(4, 5))
show("coordshort", lambda x: torch.gradient(x, spacing=[torch.tensor([0., 1, 3])], dim=0), torch.ones(4, 5))
show("coordlong", lambda x: torch.gradient(x, spacing=[torch.tensor([0., 1, 3, 4, 5, 6])], dim=0), torch.ones(4, 5))
for kw in [dict(spacing="a"), dict(spacing=[1, 2, 3]), dict(dim=[0, 0]), dict(dim=[0, -2]), dict(edge_order=3), dict(dim=5), dict(dim=[5]),
           dict(spacing=[1], dim=[0, 1]), dict(spacing=[1, "a"]), dict(spacing=(torch.ones(3), 1)), dict(dim="a"), dict(dim=[0.5]),
           dict(edge_order=1.0), dict(spacing=torch.ones(3)), dict(foo=1), dict(spacing=True), dict(spacing=[True, 2]), dict(spacing=[torch.tensor(2.)]), dict(edge_order=0)]:
    show(str(kw), lambda x: torch.gradient(x, **kw), torch.ones(4, 5))
show("pos", lambda x: torch.gradient(x, 1), torch.ones(4, 5))
show("input=", lambda x: torch.gradient(input=x, spacing=2), torch.ones(4, 5))
show("list", lambda x: torch.gradient([1, 2]), None)
