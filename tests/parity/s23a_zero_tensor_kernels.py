# sgn's gradient is PyTorch's ZeroTensor, and the backward formulas that receive it run
# PyTorch's ZeroTensor kernels: a product or a quotient of it is one again (zeros even times
# inf or NaN: rsqrt at 0, fuzz 21:11697), a sum of two is one, a sum with a tensor is that
# tensor, a view of one is one, anything else reads it as zeros (mean, clone, mm). .grad
# keeps a ZeroTensor, which refuses in-place writes (a post-accumulate hook's mul_: fuzz
# 17:653); under create_graph the nodes that took one as input apply the same rules when
# a second backward runs through them.
import math

import torch

inf = float("inf")


def signs(t):
    return [(v, math.copysign(1, v)) for v in t.detach().clone().reshape(-1).tolist()]


def x0():
    return torch.tensor([[-1.5, 0.0, 2.0], [0.5, -0.0, 4.0]], requires_grad=True)


ops = {
    "mul-2": lambda x: x * -2, "mulinf": lambda x: x * inf, "mulx": lambda x: x * x,
    "div": lambda x: x / -3, "recip": lambda x: 1 / x, "rsqrt": lambda x: x.rsqrt(),
    "rsqrt_": lambda x: (x * 1).rsqrt_(), "sqrt": lambda x: x.sqrt(), "log": lambda x: x.log(),
    "pow2": lambda x: x.pow(2), "pow-1": lambda x: x.pow(-1), "abs": lambda x: x.abs(),
    "neg": lambda x: -x, "add": lambda x: x + 1, "rsub": lambda x: 1 - x,
    "sum": lambda x: x.sum(0), "mean": lambda x: x.mean(), "mean1": lambda x: x.mean(1),
    "relu": lambda x: x.relu(), "mm": lambda x: x.mm(torch.tensor([[1.0], [inf], [2.0]])),
    "cat": lambda x: torch.cat([x, x]), "stack": lambda x: torch.stack([x, x]),
    "view": lambda x: x.view(-1), "t": lambda x: x.t(), "reshape_t": lambda x: x.t().reshape(-1),
    "expand": lambda x: x[0].expand(2, 3), "clone": lambda x: x.clone(),
    "where": lambda x: torch.where(x > 0, x, 0.0), "addx": lambda x: x + x,
    "subx": lambda x: x - x * 2, "mul_": lambda x: (x * 1).mul_(inf),
    "index": lambda x: x[:, 1:], "lerp": lambda x: torch.lerp(x, x * 2, 0.5),
    "to64": lambda x: x.double(), "prod": lambda x: x.prod(1),
}
weights = torch.tensor([[inf, -1.0, 2.0], [0.0, 1.0, -inf]])
for create_graph in (False, True):
    for name, f in ops.items():
        x = x0()
        y = f(x)
        s = y.sgn()
        seen = []
        if not y.is_leaf:
            y.register_hook(lambda g, seen=seen: seen.append(torch._is_zerotensor(g)))
        if create_graph:
            g = torch.autograd.grad(s, x, torch.ones_like(s), create_graph=True)[0]
        else:
            s.backward(torch.ones_like(s))
            g = x.grad
        line = [name, create_graph, seen, torch._is_zerotensor(g), signs(g)]
        try:
            g.add_(1)
            line.append("writable")
        except RuntimeError as error:
            line.append(str(error))
        if create_graph and g.requires_grad:
            (g * weights).sum().backward()
            line.append(signs(x.grad))
        print(*line)

# fuzz 21:11697: rsqrt_ in place, then sgn, autograd.grad with create_graph, a second backward
v0 = torch.tensor([[-1.0, 0.25]], requires_grad=True)
v1 = v0 * 1
v1.rsqrt_()
v5 = torch.autograd.grad([torch.sgn(v1).sum()], [v0], create_graph=True)[0]
print(v5, v5.grad_fn.name(), torch._is_zerotensor(v5))
v5.backward(gradient=torch.tensor([[0.638, 1.403]]))
print(signs(v0.grad))

# fuzz 17:653: a post-accumulate-grad hook writing into sgn's gradient kept as .grad
v0 = torch.tensor([0.0, 0.75, 2.0], requires_grad=True)
v0.register_post_accumulate_grad_hook(lambda p: p.grad.mul_(3))
try:
    (v0 * 1).sgn().backward(gradient=torch.tensor([1.519, -0.914, -3.1]))
except RuntimeError as error:
    print("raised", error)

# a ZeroTensor kept as .grad, given back as a backward's gradient: the pass follows the rules
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
(x * 1).sgn().sum().backward()
z = torch.tensor([0.5, inf, 1.0], requires_grad=True)
(z * inf).backward(gradient=x.grad)
print(signs(z.grad), torch._is_zerotensor(z.grad))
