# Fuzz (seeds 0-3, "ZeroTensors are immutable"): sgn's gradient of a real input is PyTorch's
# ZeroTensor, and so are a product or quotient with it and a view of it, in a hook or in the
# backward formulas that view a gradient (transpose); .grad keeps such a tensor, which a later
# accumulation or in-place edit refuses. Other results made from it are ordinary tensors.
import copy
import io

import torch


def attempt(label, run):
    try:
        print(label, run())
    except (RuntimeError, IndexError) as error:
        print(label, type(error).__name__, error)


def grad_of_sgn(shape=(2, 3)):
    x = torch.arange(1.0, 7.0).reshape(shape).requires_grad_()
    return torch.autograd.grad(x.sgn().sum(), x)[0]


g = grad_of_sgn()
derived = {
    "times 2": lambda: g * 2, "2 times": lambda: 2 * g, "times tensor": lambda: torch.ones(3) * g,
    "times -inf": lambda: g * float("-inf"), "times nan": lambda: g.mul(float("nan")),
    "over 0": lambda: g / 0, "true_divide": lambda: g.true_divide(-2),
    "floor divided": lambda: g.div(2, rounding_mode="floor"), "t": lambda: g.t(),
    "T": lambda: g.T, "transpose": lambda: g.transpose(0, 1), "view": lambda: g.view(6),
    "reshape": lambda: g.reshape(3, 2), "select": lambda: g[1], "slice": lambda: g[:, 1:],
    "advanced index": lambda: g[[0, 1]], "unsqueeze": lambda: g.unsqueeze(0),
    "expand": lambda: g[None].expand(2, 2, 3), "detach": lambda: g.detach(),
    "data": lambda: g.data, "unbind": lambda: g.unbind()[0], "split": lambda: g.split(1)[1],
    "permute": lambda: g.permute(1, 0), "plus 1": lambda: g + 1, "minus": lambda: -g,
    "clone": lambda: g.clone(), "sum": lambda: g.sum(0), "double": lambda: g.double(),
    "exp": lambda: g.exp(), "plus itself": lambda: g + g, "minus a ZeroTensor": lambda: g - g * 2,
    "plus tensor": lambda: g + torch.ones(3), "dot": lambda: g[0].dot(torch.ones(3)),
    "outer": lambda: g[1].outer(torch.ones(2)), "vdot": lambda: g[0].vdot(torch.ones(3)),
}
for label, make in derived.items():
    value = make()
    attempt(label, lambda value=value: (value, value.add_(1)))
attempt("numpy", lambda: g.numpy())
attempt("tolist", lambda: g.tolist())
print(g.numpy(force=True), g.item() if g.numel() == 1 else g.sum().item())

# a hook on sgn's node doubling its grad_inputs: .grad is the ZeroTensor, which a
# post-accumulate hook cannot scale
w = torch.tensor([1.75, -1.5], requires_grad=True)
w.register_post_accumulate_grad_hook(lambda p: print("post", p.grad, p.grad.mul_(3)))
s = w.sgn()
s.grad_fn.register_hook(lambda gi, go: tuple(None if v is None else v * 2 for v in gi))
attempt("post-accumulate mul_", lambda: s.sum().backward())

# a tensor hook returning grad * 2: the next backward cannot accumulate into it
v = torch.tensor([3.5, -1.0, 2.0], requires_grad=True)
v.register_hook(lambda grad: grad * 2)
n = torch.linalg.vector_norm(torch.sgn(v))
n.backward(retain_graph=True)
print("first", v.grad)
attempt("second backward", lambda: n.backward())

# transpose's backward views the ZeroTensor: a hook on its node cannot write into it
for swap in (lambda t: t.swapdims_(0, 1), lambda t: t.t_(), lambda t: t.transpose(0, 1)):
    u = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
    y = swap(u.clone())
    y.grad_fn.register_hook(lambda gi, go: tuple(None if v is None else v.mul_(3) for v in gi))
    attempt(y.grad_fn.name(), lambda y=y: y.sgn().backward(torch.ones(2, 2)))

# a vector norm of sgn: its backward for an order other than 0, 1, 2 and inf masks the
# ZeroTensor in place
for order in (0, 0.5, 1, 1.5, 2, 3, float("inf"), float("-inf")):
    x = torch.tensor([[0.45, -1.089], [1.873, 0.0]], requires_grad=True)
    attempt(f"norm {order}", lambda x=x, order=order: (
        torch.linalg.vector_norm(x, ord=order).sgn().backward(), x.grad)[1])

# what else a user can do with it: torch._is_zerotensor, saving and copying refuse it
g = grad_of_sgn()
print(torch._is_zerotensor(g), torch._is_zerotensor(g * 2), torch._is_zerotensor(g + 0),
      isinstance(g, torch.Tensor), g.stride(), g.is_contiguous(), g == 0)
attempt("save", lambda: torch.save(g, io.BytesIO()))
attempt("deepcopy", lambda: copy.deepcopy(g))
print(torch.zeros_like(g).add_(1), g.new_zeros(2).add_(1), torch.ones(2, 3).copy_(g))
attempt("requires_grad_", lambda: torch._is_zerotensor(g.requires_grad_()))

# the view ops' backward formulas pass it on, down to .grad (a later accumulation refuses)
for label, view in {"view": lambda t: t.view(3, 1), "reshape": lambda t: t.reshape(1, 3),
                    "unsqueeze": lambda t: t.unsqueeze(0), "squeeze": lambda t: t.view(1, 3)
                    .squeeze(), "permute": lambda t: t.view(1, 3).permute(1, 0),
                    "t": lambda t: t.view(1, 3).t(), "clone": lambda t: t.clone()}.items():
    x = torch.tensor([1.5, -0.5, 2.0], requires_grad=True)
    view(x).sgn().sum().backward()
    attempt(label, lambda x=x: (torch._is_zerotensor(x.grad), (x * 2).sum().backward()))

# item assignment and copy_ refuse it too (copy_ with its own message), after the key's and the
# value's shape checks
x = torch.tensor([[1.5, 2.0], [1., 1.]], requires_grad=True)
g = torch.autograd.grad(x.sgn().sum(), x)[0]
one, two, row = torch.tensor(2.), torch.ones(2), torch.ones(3)
assignments = [(0, 1.0), (slice(None), 1.0), ((0, 1), one), ([0], two), (g > 0, 1.0),
               (Ellipsis, two), (0, two), (5, 1.0), (5, two), (0, torch.ones(5)), ([7], 1.0),
               ((0, slice(None)), row), (None, 1.0), ((True,), torch.ones(2, 2)),
               (torch.tensor(0), 1.0), (torch.tensor(0), two)]
for key, value in assignments:
    attempt(f"set {key}", lambda key=key, value=value: g.__setitem__(key, value))
print(g)
attempt("copy_", lambda: g.copy_(torch.ones(2, 2)))
attempt("copy_ broadcast", lambda: g.copy_(two))
attempt("copy_ 0-d", lambda: g.copy_(one))
attempt("copy_ into a row", lambda: g[0].copy_(two))
attempt("fill_ 0-d", lambda: g.fill_(one))
