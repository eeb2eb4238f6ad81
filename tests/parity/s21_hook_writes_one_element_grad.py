# Issue 11 (fuzz 7:11953): a node hook may write in place the one-element gradient a sum or
# mean of a one-element tensor hands on (a view of the incoming gradient: both change), also
# when the gradient came from a formula on 0-d values (sigmoid, tanh, abs, log_softmax).
import torch
import torch.nn.functional as F


def triple(grad_inputs, grad_outputs):
    result = tuple(g.mul_(3) for g in grad_inputs)
    print("hook", grad_inputs, grad_outputs)
    return result


for name, f in [("log_softmax", lambda s: F.log_softmax(s, 0)), ("sigmoid", torch.sigmoid),
                ("tanh", torch.tanh), ("abs", torch.abs), ("exp", torch.exp)]:
    for reduce in (torch.sum, torch.mean):
        for shape in [(), (1,), (1, 1)]:
            x = torch.full(shape, 0.5, dtype=torch.float64, requires_grad=True)
            s = reduce(x)
            s.grad_fn.register_hook(triple)
            f(s).backward()
            print(name, reduce.__name__, shape, x.grad)
# the fuzzer's program: a tensor hook with a wrong shape runs after the node hook
x = torch.tensor(-0.0, dtype=torch.float64, requires_grad=True)
x.register_hook(lambda grad: torch.zeros(tuple(grad.shape) + (2,), dtype=grad.dtype))
s = torch.sum(x)
s.grad_fn.register_hook(triple)
try:
    F.log_softmax(s, dim=0).backward()
except RuntimeError as e:
    print(type(e).__name__, e)
# a tensor hook of the reduced one-element tensor writes its gradient in place
for reduce in ("sum", "mean", "reshape", "amax"):
    leaf = torch.full((1,), 0.5, requires_grad=True)
    x = leaf * 1
    s = getattr(x, reduce)(()) if reduce == "reshape" else getattr(x, reduce)()
    s.retain_grad()
    x.retain_grad()
    x.register_hook(lambda grad: grad.mul_(2))
    torch.sigmoid(s).backward()
    print(reduce, s.grad, x.grad, leaf.grad)
# a node hook of a view op (reshape, view, squeeze to 0-d) writes the gradient it hands on
# in place: that gradient is a view of the incoming one, which changes too
for name, make_view in [("reshape", lambda t: t.reshape(())), ("view", lambda t: t.view(())),
                        ("squeeze", lambda t: t.squeeze()), ("select", lambda t: t[0])]:
    x = torch.full((1,), 0.5, requires_grad=True)
    s = make_view(x)
    s.grad_fn.register_hook(triple)
    torch.sigmoid(s).backward()
    print(name, x.grad)
