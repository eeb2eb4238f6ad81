# Fuzz 20k cause 3 (program 0:2492, cosine_embedding_loss): under create_graph PyTorch's
# generated backward code computes the inputs' gradients in the alphabetical order of their
# names (mul, div, pow, hypot, xlogy, ldexp, logaddexp: `other` before `self`; mm, bmm:
# `mat2` before `self`; addmm: mat1, mat2; lerp: end, self, weight), float_power casts the
# exponent before the base (C++'s right-to-left arguments), and its
# cosine_embedding_loss builds both branches (the second clamped in place) before the two
# wheres. That order makes the nodes' sequence numbers, so the next pass's order and the
# order in which gradients are summed (float32 rounding). (The program's remaining
# difference is PyTorch's float32 sqrt, MKL's vsSqrt, which is not correctly rounded.)
import torch

F = torch.nn.functional

cases = [("mul", lambda a, b: a * b), ("div", lambda a, b: a / b),
         ("pow", lambda a, b: a ** b), ("atan2", torch.atan2), ("hypot", torch.hypot),
         ("xlogy", torch.xlogy), ("ldexp", torch.ldexp), ("logaddexp", torch.logaddexp),
         ("logaddexp2", torch.logaddexp2), ("mse", F.mse_loss), ("float_power", torch.float_power)]
for name, f in cases:
    a = torch.tensor([1.5, 2.0], requires_grad=True)
    b = torch.tensor([0.5, 3.0], requires_grad=True)
    ga, gb = torch.autograd.grad(f(a, b).sum(), (a, b), create_graph=True)
    first = "self" if ga.grad_fn._sequence_nr() < gb.grad_fn._sequence_nr() else "other"
    print(name, first, "first")

for name, f, shapes in (("mm", torch.mm, ((2, 2), (2, 2))), ("bmm", torch.bmm, ((2, 2, 2),) * 2),
                        ("addmm", torch.addmm, ((2, 2),) * 3),
                        ("lerp", lambda a, b, w: torch.lerp(a, b, w).pow(2), ((2,),) * 3)):
    leaves = [torch.full(s, 0.5 + 0.25 * i, requires_grad=True) for i, s in enumerate(shapes)]
    grads = torch.autograd.grad(f(*leaves).sum(), leaves, create_graph=True, allow_unused=True)
    made = sorted((g.grad_fn._sequence_nr(), i) for i, g in enumerate(grads)
                  if g is not None and g.grad_fn is not None)
    print(name, "gradients made in the order", [i for _, i in made])

v0 = torch.tensor([[-1.25], [1.5]], dtype=torch.float32)
v1 = torch.tensor([-1.0, -1.0], dtype=torch.float32)
v2 = torch.tensor([[-0.015], [-1.504]], dtype=torch.float32, requires_grad=True)
v3 = F.cosine_embedding_loss(v0, v2, v1)
base = v3.grad_fn._sequence_nr()


def nodes(root):
    seen = {}

    def visit(fn, path):
        if fn is None or fn in seen:
            return
        seen[fn] = path
        for i, (child, _) in enumerate(fn.next_functions):
            visit(child, path + (i,))
    visit(root, ())
    return sorted((fn._sequence_nr(), fn.name(), path) for fn, path in seen.items()
                  if "Accumulate" not in fn.name())


for seq, name, _ in nodes(v3.grad_fn):
    print(seq - base, name)
g, = torch.autograd.grad(v3, v2, create_graph=True)
for _, name, path in nodes(g.grad_fn):  # (in the order they were made)
    print(name, path)
