# Issue 11 (fuzz 8:6721): PyTorch keeps one creation mark per view, the newest: split /
# chunk / unbind / tensor_split in grad mode mark their outputs as outputs of a function
# returning several views even when the input is a view made in no_grad mode (and a view of
# one made in no_grad mode is marked no_grad); an in-place op on one is refused by that mark.
import torch


def parts(kind, t):
    if kind == "chunk":
        return t.chunk(2, 0)
    if kind == "split":
        return t.split(1, 0)
    if kind == "unbind":
        return t.unbind(0)
    return t.tensor_split(2, 0)


def attempt(label, target, other=2):
    try:
        r = target.mul_(other)
        print(label, "ok", r.grad_fn.name() if r.grad_fn else None, r.requires_grad)
    except RuntimeError as e:
        print(label, type(e).__name__, e)


for kind in ["chunk", "split", "unbind", "tensor_split"]:
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    with torch.no_grad():
        v1 = x.broadcast_to((2, 2))
    print(kind, v1.requires_grad)
    attempt(kind + " nograd-view then split", parts(kind, v1)[1])
    attempt(kind + " view of part", parts(kind, v1)[1][0:1])
    with torch.no_grad():
        q = parts(kind, v1)
    attempt(kind + " split in no_grad", q[1])
    p = parts(kind, x * 1)
    with torch.no_grad():
        w = p[1][0:1]
    attempt(kind + " no_grad view of part", w)
    attempt(kind + " grad view of no_grad view of part", w[0:1])
    with torch.no_grad():
        v2 = (x * 1)[0:2]
    attempt(kind + " of no_grad view of nonleaf", parts(kind, v2)[0])
    with torch.no_grad():
        v3 = torch.tensor([[1.0, 2.0], [3.0, 4.0]])[0:2]
    attempt(kind + " of no_grad view of plain", parts(kind, v3)[0], x)
