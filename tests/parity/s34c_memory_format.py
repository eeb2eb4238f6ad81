# Issue 11 (task s34-c, no fuzz id): PyTorch's memory formats. torch.contiguous_format,
# preserve_format, channels_last and channels_last_3d are four distinct torch.memory_format
# objects, and clone / contiguous / to / empty / *_like / Module.to lay a tensor out as each
# asks (channels-last: NHWC strides), is_contiguous(memory_format=) tests it, to() returns the
# tensor itself when its strides already suggest the format, and PyTorch's errors (a wrong
# rank, preserve_format where it is refused, a memory_format that is not one).
import copy
import pickle

import torch
import torch.nn as nn

formats = [torch.contiguous_format, torch.preserve_format, torch.channels_last,
           torch.channels_last_3d]
print([repr(f) for f in formats], [str(f) for f in formats])
print(len(set(map(id, formats))), torch.channels_last == torch.contiguous_format)
print(isinstance(torch.channels_last, torch.memory_format))
print(copy.deepcopy(torch.channels_last) is torch.channels_last,
      pickle.loads(pickle.dumps(torch.channels_last_3d)) is torch.channels_last_3d)


def show(tag, t):
    print(tag, tuple(t.shape), t.stride(), t.is_contiguous(),
          t.is_contiguous(memory_format=torch.channels_last),
          t.is_contiguous(memory_format=torch.channels_last_3d),
          t.is_contiguous(memory_format=torch.preserve_format))


def attempt(tag, f):
    try:
        r = f()
    except (RuntimeError, TypeError) as error:
        print(tag, type(error).__name__, error)
        return None
    if isinstance(r, torch.Tensor):
        show(tag, r)
    else:
        print(tag, r)
    return r


x = torch.arange(120.).reshape(2, 3, 4, 5)
c = torch.arange(120.).reshape(2, 4, 5, 3).permute(0, 3, 1, 2)  # channels-last strides
t = x.transpose(1, 3)
g = x[:, :, ::2]  # not dense
v = torch.arange(720.).reshape(2, 3, 4, 5, 6)
m = torch.ones(3, 4).t()
for name, a in [("x", x), ("c", c), ("t", t), ("g", g)]:
    show(name, a)
    for f in formats[:3]:
        r = attempt(f"{name} clone {f}", lambda: a.clone(memory_format=f))
        print(" values", torch.equal(r, a))
        attempt(f"{name} contiguous {f}", lambda: a.contiguous(memory_format=f))
        r = attempt(f"{name} to {f}", lambda: a.to(memory_format=f))
        print(" same", r is a)
        attempt(f"{name} to float64 {f}", lambda: a.to(torch.float64, memory_format=f))
        attempt(f"{name} to int32 {f}", lambda: a.to(torch.int32, memory_format=f))
        attempt(f"{name} to copy {f}", lambda: a.to(memory_format=f, copy=True))
        for like in (torch.empty_like, torch.zeros_like, torch.ones_like, torch.rand_like,
                     torch.randn_like):
            attempt(f"{name} {like.__name__} {f}", lambda: like(a, memory_format=f))
        attempt(f"{name} full_like {f}", lambda: torch.full_like(a, 2.5, memory_format=f))
        attempt(f"{name} randint_like {f}", lambda: torch.randint_like(a, 7, memory_format=f))
print(c.contiguous(memory_format=torch.channels_last) is c, x.contiguous() is x,
      c.to(memory_format=torch.channels_last) is c, m.to(memory_format=torch.contiguous_format) is m)
print(torch.equal(x.contiguous(memory_format=torch.channels_last).contiguous(), x))
for f in formats:
    attempt(f"v clone {f}", lambda: v.clone(memory_format=f))
    attempt(f"v contiguous {f}", lambda: v.contiguous(memory_format=f))
    attempt(f"m to {f}", lambda: m.to(memory_format=f))
    attempt(f"m to float64 {f}", lambda: m.to(torch.float64, memory_format=f))
    attempt(f"m contiguous {f}", lambda: m.contiguous(memory_format=f))
    attempt(f"empty {f}", lambda: torch.empty(2, 3, 4, 5, memory_format=f))
    attempt(f"empty 5d {f}", lambda: torch.empty(2, 3, 4, 5, 6, memory_format=f))
    attempt(f"empty_like 3d {f}", lambda: torch.empty_like(torch.ones(2, 3, 4), memory_format=f))
# dims of size 1 and 0
for shape in [(2, 1, 4, 5), (2, 3, 1, 1), (2, 1, 1, 1), (2, 0, 4, 5), (2, 3, 0, 5)]:
    a = torch.zeros(shape)
    attempt(f"{shape}", lambda: a)
    b = attempt(f"{shape} clone cl", lambda: a.clone(memory_format=torch.channels_last))
    attempt(f"{shape} contiguous cl", lambda: a.contiguous(memory_format=torch.channels_last))
    print(" to cl same", a.to(memory_format=torch.channels_last) is a,
          b.to(memory_format=torch.channels_last) is b, b.to(memory_format=torch.contiguous_format) is b)
    attempt(f"{shape} empty cl", lambda: torch.empty(shape, memory_format=torch.channels_last))
    attempt(f"{shape} zeros_like cl", lambda: torch.zeros_like(a, memory_format=torch.channels_last))
# what PyTorch refuses
attempt("contiguous preserve", lambda: t.contiguous(memory_format=torch.preserve_format))
attempt("contiguous str", lambda: x.contiguous(memory_format="channels_last"))
attempt("contiguous None", lambda: x.contiguous(memory_format=None))
attempt("is_contiguous str", lambda: x.is_contiguous(memory_format="channels_last"))
attempt("clone str", lambda: x.clone(memory_format="channels_last"))
attempt("clone None", lambda: t.clone(memory_format=None))
attempt("to str", lambda: x.to(memory_format="channels_last"))
attempt("to dtype str", lambda: x.to(torch.float64, memory_format="channels_last"))
attempt("to None", lambda: t.to(memory_format=None))
attempt("empty preserve", lambda: torch.empty(2, 3, memory_format=torch.preserve_format))
attempt("empty str", lambda: torch.empty(2, 3, memory_format="x"))
attempt("empty None", lambda: torch.empty(2, 3, memory_format=None))
attempt("zeros", lambda: torch.zeros(2, 3, 4, 5, memory_format=torch.channels_last))
attempt("ones", lambda: torch.ones(2, 3, 4, 5, memory_format=torch.channels_last))
attempt("zeros_like str", lambda: torch.zeros_like(x, memory_format="x"))
attempt("full_like str", lambda: torch.full_like(x, 1.0, memory_format="x"))
# gradients: node names, and the layouts the leaves' gradients take
for name, a in [("x", x), ("c", c), ("t", t)]:
    w = torch.arange(120.).reshape(a.shape)
    for f in (torch.contiguous_format, torch.channels_last):
        leaf = a.detach().requires_grad_()
        for how, op in [("clone", lambda: leaf.clone(memory_format=f)),
                        ("contiguous", lambda: leaf.contiguous(memory_format=f)),
                        ("to", lambda: leaf.to(memory_format=f)),
                        ("to float64", lambda: leaf.to(torch.float64, memory_format=f))]:
            leaf.grad = None
            y = op()
            print(name, how, f, y.grad_fn.name() if y.grad_fn else None)
            z = (y * w.to(y.dtype)).relu() + 1
            show(" z", z)
            z.sin().sum().backward()
            show(" grad", leaf.grad)
            print(" grad values", leaf.grad.sum().item())
# elementwise ops and convolution on channels-last inputs
show("relu", c.relu())
show("add c + x", c + x)
show("add x + c", x + c)
show("add c + 1", c + 1)
show("mul c * c", c * c)
torch.manual_seed(0)
conv = nn.Conv2d(3, 4, 3)
show("conv c", conv(c))
show("conv x", conv(x))
net = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU())
net.to(memory_format=torch.channels_last)
for name, p in list(net.named_parameters()) + list(net.named_buffers()):
    print(name, p.stride())
out = net(x)
show("net x", out)
show("conv cl weight x", net[0](x))
leaf = c.detach().requires_grad_()
conv(leaf).sum().backward()
show("conv grad c", leaf.grad)
show("conv weight grad", conv.weight.grad)
five = nn.Module()
five.weight = nn.Parameter(torch.ones(3, 2, 2, 2, 2))
attempt("5-d module cl", lambda: five.to(memory_format=torch.channels_last))
five.to(memory_format=torch.channels_last_3d)
print("5-d module cl3d", five.weight.stride())
attempt("module to str", lambda: net.to(memory_format="x"))
net.to(torch.float64, memory_format=torch.contiguous_format)
print(net[0].weight.stride(), net[0].weight.dtype)
