# Fuzz 20k seed 1 (g1): value and flag differences against PyTorch, one section per cause.
import math
import random

import torch

print("== a view made without grad mode follows its base's requires_grad (detach_ on the base)")
x = torch.tensor([-0.75, 2.0, 1.0, -0.0], requires_grad=True)
base = x * 1
with torch.no_grad():
    view = base.reshape_as(x)
    view2 = view[1:]
print(view.requires_grad, view2.requires_grad, view.is_leaf, view.grad_fn)
base.detach_()
print(view.requires_grad, view2.requires_grad, view.is_leaf, view.grad_fn)
y = view * 2
print(y.requires_grad, y.grad_fn)
leaf = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    lv = leaf[:1]
print(lv.requires_grad, (lv * 2).requires_grad)
leaf.requires_grad_(False)
print(lv.requires_grad, (lv * 2).requires_grad)

print("== a squeeze that removed no dim passes the gradient on itself (autograd.grad's result)")
x = torch.tensor([[2.0, 0.0], [-0.25, 1.75]], requires_grad=True)
seed = torch.tensor([[-1.5, -1.5], [-1.5, 1.25]])
for label, fn in [("squeeze_", lambda t: t.squeeze_()), ("squeeze", lambda t: t.squeeze()),
                  ("squeeze 0", lambda t: t.squeeze(0)), ("squeeze_ 1", lambda t: t.squeeze_(1)),
                  ("squeeze (0, 1)", lambda t: t.squeeze((0, 1)))]:
    y = fn(x.clone())
    (g,) = torch.autograd.grad([y], [x], grad_outputs=[seed])
    print(label, y.grad_fn.name(), g is seed, g.tolist())
col = torch.tensor([[1.0], [2.0]], requires_grad=True)
(g,) = torch.autograd.grad([col.squeeze()], [col], grad_outputs=[torch.tensor([3.0, 4.0])])
print("squeezed", g.shape, g.tolist())

print("== the gradient of a 1 by 1 determinant is the incoming gradient expanded (also singular)")
for x in [[[2.0]], [[0.0]], [[49.0]], [[[3.0]], [[-0.0]]]]:
    for dt in [torch.float32, torch.float64]:
        a = torch.tensor(x, dtype=dt, requires_grad=True)
        torch.linalg.det(a).sum().backward()
        (g,) = torch.autograd.grad([torch.linalg.det(a).sort()[0].sum()], [a], create_graph=True)
        print(a.grad.tolist(), a.grad.dtype, g.tolist(), g.requires_grad)
a = torch.tensor([[[3.0]], [[4.0]]], requires_grad=True)
go = torch.tensor([2.0, 5.0], requires_grad=True)
(g,) = torch.autograd.grad([torch.det(a)], [a], grad_outputs=go, create_graph=True)
print(g.tolist(), g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())
(gg,) = torch.autograd.grad([g.sum()], [go])
print(gg.tolist())

print("== smooth_l1_loss / huber_loss double backward: PyTorch's formulas (|d| < beta; inf * 0)")
F = torch.nn.functional
x0 = [[0.0, 1.5], [-0.5, 0.25], [1.0, -2.0], [0.3, 7.0]]
t0 = [[-1.25, -1.5], [-1.5, 1.25], [-0.75, -1.0], [0.2, 0.5]]
g7 = [[-1.0, -2.0], [-1.25, -1.25], [-0.75, 1.0], [float("inf"), 2.0]]
for name, fn, kw in [("smooth_l1", F.smooth_l1_loss, [{}, {"beta": 0.5}, {"beta": 2.0}]),
                     ("huber", F.huber_loss, [{}, {"delta": 0.5}, {"delta": 2.0}])]:
    for k in kw:
        for red in ["mean", "sum", "none"]:
            for dt in [torch.float32, torch.float64]:
                x = torch.tensor(x0, dtype=dt, requires_grad=True)
                t = torch.tensor(t0, dtype=dt, requires_grad=True)
                loss = fn(x, t, reduction=red, **k)
                go = torch.full(loss.shape, 1.5, dtype=dt, requires_grad=True)
                gx, gt = torch.autograd.grad([loss], [x, t], grad_outputs=[go], create_graph=True)
                a, b, c = torch.autograd.grad([gx], [x, t, go], retain_graph=True,
                                              grad_outputs=[torch.tensor(g7, dtype=dt)])
                print(name, k, red, dt, [v.tolist() for v in (a, b, c)])
                a, b, c = torch.autograd.grad([gt], [x, t, go],
                                              grad_outputs=[torch.tensor(g7, dtype=dt)])
                print(name, k, red, dt, [None if v is None else v.tolist() for v in (a, b, c)])

print("== remainder: a zero remainder keeps the sign of the dividend (fmod moved onto the divisor)")
pairs = [(1.75, -0.25), (-1.75, 0.25), (1.0, 0.5), (-1.0, -0.5), (0.0, -2.0), (-0.0, 2.0),
         (3.0, -1.5), (-3.0, 1.5), (2.5, 0.5)]
for a, b in pairs:
    for dt in [torch.float32, torch.float64]:
        x, y = torch.tensor(a, dtype=dt), torch.tensor(b, dtype=dt)
        print(a, b, dt, torch.reciprocal(x % y).item(),
              torch.reciprocal(torch.remainder(x, y)).item(),
              torch.reciprocal(torch.fmod(x, y)).item(), torch.reciprocal(x % b).item())
a = torch.tensor([1.75, -1.75, 0.0, -0.0, 3.0, -3.0, 1.0, 5.0] * 3)
b = torch.tensor([-0.25, 0.25, -2.0, 2.0, -1.5, 1.5, float("inf"), -float("inf")] * 3)
for x, y in [(a, b), (a, -0.25), (a.double(), b.double()), (a[:5], b[:5]), (2.5, b),
             (a.reshape(4, 6), b[:6])]:
    r = torch.remainder(x, y)
    print(r.tolist(), torch.signbit(r).int().tolist(), (1 / r).tolist())
print(torch.remainder(torch.tensor([7, -7]), torch.tensor([-7, 7])).tolist())

print("== softshrink: +0 in the leading whole AVX-512 vectors, x * 0 in the element loop's tail")
F = torch.nn.functional
x = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.7, -0.7, -0.0, 0.5, -0.5] * 3)
fuzz = torch.tensor([[[-0.319, -0.363, 1.727, -0.792, 1.766], [1.243, -1.698, 0.961, 0.828, 1.983]],
                     [[1.508, 0.596, 2.261, -1.444, 3.769], [0.847, -2.039, -0.737, 0.441, -0.5]]])
for t in [x, x.double(), x[:16], x[:15], x.double()[:9], x.reshape(4, 6).t(), x[::2],
          x.requires_grad_(), fuzz]:
    for lambd in [0.5, 0.3]:
        y = F.softshrink(t, lambd)
        print(y.tolist(), torch.signbit(y).int().tolist(), y.stride())

print("== conv_transpose1d input gradient with an infinite weight: oneDNN leaves out the padding")
rng = random.Random(0)


def rounded(*shape):
    values = [round(rng.uniform(-2, 2), 1) for _ in range(math.prod(shape))]
    return torch.tensor(values).reshape(shape)


for n, cin, cout, groups, k, s, p, d in [(1, 2, 1, 1, 2, 1, 1, 1), (2, 2, 2, 2, 3, 2, 1, 1),
                                         (2, 4, 8, 2, 3, 1, 2, 2), (3, 4, 4, 4, 2, 2, 1, 1),
                                         (1, 1, 2, 1, 3, 1, 1, 2), (2, 2, 8, 1, 1, 2, 0, 1)]:
    x = rounded(n, cin, 5).requires_grad_()
    w = rounded(cin, cout // groups, k)
    w[0, 0, 0] = float("inf")
    y = F.conv_transpose1d(x, w, None, stride=s, padding=p, dilation=d, groups=groups)
    (gx,) = torch.autograd.grad(y.sum(), [x])
    print(n, cin, cout, groups, k, s, p, d, [round(v, 3) + 0.0 for v in gx.flatten().tolist()])
v2 = torch.tensor([[[2.558, -1.105, -0.677, 2.444]], [[-0.053, 0.4, -1.475, 1.146]]],
                  requires_grad=True)
v3 = torch.tensor([[[float("inf"), 0.0], [1.5, -1.75]]], requires_grad=True)
print(torch.autograd.grad(F.conv_transpose1d(v2, v3, None, padding=1).sum(), [v2]))

print("== elu / selu / celu: a -0 input gives -0 (expm1(-0)), as PyTorch selects per element")
for n in [1, 8, 16, 17, 33]:
    x = torch.full((n,), -0.0)
    print(n, [torch.signbit(f(x)).int().tolist() for f in (F.elu, F.selu, F.celu)])
x = torch.tensor([-0.0, 0.0, -1e-45, 1e-45, float("nan"), float("inf"), -float("inf"), -0.75,
                  2.0] * 2)
for f in (F.elu, F.selu, F.celu):
    y = f(x)
    print(y.tolist(), torch.signbit(y).int().tolist(),
          torch.signbit(f(x.clone(), inplace=True)).int().tolist())
    print(torch.signbit(f(x.double())).int().tolist(),
          torch.signbit(F.elu(x, alpha=0.5)).int().tolist())
