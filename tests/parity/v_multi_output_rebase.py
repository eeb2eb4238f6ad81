# A split / chunk / unbind output (or a view of one) whose base or sibling was modified in
# place (also under no_grad) has no grad_fn: reading it raises PyTorch's multi-output view
# error (repr prints grad_fn=<Invalid>); requires_grad and detach still work; an in-place op
# on the view itself raises the direct form of the error.
import torch


def attempt(label, fn):
    try:
        r = fn()
        print(label, "->", r.name() if r is not None else None)
    except RuntimeError as e:
        print(label, "!!", e)


def case(label, setup, access):
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    objs = setup(x)
    attempt(label, lambda: access(objs))


def nograd(f):
    with torch.no_grad():
        f()


def s1(x):
    c = x.chunk(3, 1)
    nograd(lambda: c[1].mul_(2))
    return c
case("chunk out modified no_grad", s1, lambda c: c[1].grad_fn)
case("sibling", s1, lambda c: c[0].grad_fn)


def s2(x):
    c = x.chunk(3, 1)
    v = c[1].expand(2, 1)
    nograd(lambda: v.mul_(2))
    return c, v
case("expand of chunk", s2, lambda o: o[1].grad_fn)
case("expand of chunk: chunk", s2, lambda o: o[0][1].grad_fn)


def s3(x):
    b = x * 1
    c = b.unbind(0)
    nograd(lambda: b.add_(1))
    return c
case("base modified no_grad", s3, lambda c: c[1].grad_fn)


def s4(x):
    b = x * 1
    c = b.split(1, 1)
    b.add_(1)
    return c
case("base modified with grad", s4, lambda c: c[2].grad_fn)


def s5(x):
    p = torch.ones(2, 3)
    c = p.chunk(3, 1)
    nograd(lambda: c[1].mul_(2))
    return c
case("no grad base", s5, lambda c: c[1].grad_fn)


def s6(x):
    c = x.chunk(3, 1)
    s = c[1][0:1]
    nograd(lambda: s.mul_(2))
    return s
case("slice of chunk", s6, lambda s: s.grad_fn)


def s7(x):
    c = x.chunk(3, 1)
    with torch.no_grad():
        c[1].mul_(2)
        try:
            print(" inside requires_grad", c[1].requires_grad)
            c[1].grad_fn
        except RuntimeError as e:
            print(" inside !!", str(e)[:60])
    return c
case("inside no_grad", s7, lambda c: c[1].grad_fn)


def s8(x):
    c = list(x)
    nograd(lambda: c[1].mul_(2))
    return c
case("iter", s8, lambda c: c[1].grad_fn)


def attempt2(label, fn):
    try:
        print(label, "->", fn())
    except RuntimeError as e:
        print(label, "!!", str(e)[:120])


x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
c = x.chunk(3, 1)
with torch.no_grad():
    c[0].mul_(2)
attempt2("direct on sibling", lambda: c[1].mul_(2))
attempt2("direct on modified", lambda: c[0].mul_(2))
attempt2("use sibling", lambda: c[2].sum())
attempt2("requires_grad", lambda: c[2].requires_grad)
attempt2("is_leaf", lambda: c[2].is_leaf)
attempt2("detach", lambda: c[2].detach().sum())
attempt2("repr", lambda: repr(c[2]))
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
c = x.chunk(3, 1)
s = c[1].sum()
with torch.no_grad():
    c[0].mul_(2)
attempt2("backward recorded before", lambda: s.backward())
print(x.grad)


# an unbind output of a tensor without grad whose base then had a tensor that requires grad
# written into it: requires grad, but has no grad_fn
v9 = torch.tensor([[0.5], [0.75], [1.75]])
v10 = v9.unbind()
v14 = torch.tensor([[-1.5]], requires_grad=True)
v9[-1:, [0]] = v14
print(v10[0].requires_grad)
try:
    print(v10[0].grad_fn)
except RuntimeError as e:
    print(e)
print(repr(v10[1]))
try:
    v10[1].sum()
except RuntimeError as e:
    print(e)
v9 = torch.tensor([[0.5], [0.75], [1.75]])
v10 = v9.unbind()
with torch.no_grad():
    v9.mul_(2)
print(v10[0].requires_grad, v10[0].grad_fn)
