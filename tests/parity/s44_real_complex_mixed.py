# Real and complex operands mixed (fuzz 60:14958, 60:12902): div with rounding_mode=None given,
# lerp with a 0-d complex weight (complex result; PyTorch's engine then refuses the complex
# gradient of the real start / end, as it does for where and fill_, whose formulas don't take
# the real part); a complex number weight for real tensors; a real 0-d tensor written into a
# complex one gets the real part of the gradient.
import torch


def run(name, f):
    a = torch.tensor([0.5, -1.25], dtype=torch.float64, requires_grad=True)
    c = torch.tensor([0.3 + 0.4j, -1.0 + 2.0j], dtype=torch.complex128, requires_grad=True)
    try:
        r = f(a, c)
        print(name, r.dtype, r.grad_fn.name())
        g = torch.autograd.grad(r.abs().sum(), [a, c], allow_unused=True)
        print([None if x is None else x.dtype for x in g],
              [None if x is None else [round(v, 4) for v in
                                       torch.view_as_real(x.to(torch.complex128)).flatten().tolist()]
               for x in g])
    except Exception as e:
        print(name, type(e).__name__, str(e))


def setitem(a, c):
    z = c.clone()
    z[0] = a[0]
    return z


run("div None", lambda a, c: torch.div(a, c, rounding_mode=None))
run("div None method", lambda a, c: c.div(a, rounding_mode=None))
run("div floor", lambda a, c: torch.div(a, c, rounding_mode="floor"))
run("div trunc", lambda a, c: c.div(2.0, rounding_mode="trunc"))
run("lerp 0-d weight", lambda a, c: torch.lerp(a, a * 2, c[0]))
run("lerp 0-d weight, no start grad", lambda a, c: torch.lerp(a.detach(), a.detach() * 2, c[0]))
run("lerp weight", lambda a, c: torch.lerp(a, a, c))
run("lerp number", lambda a, c: torch.lerp(a, a * 2, 0.5 + 1j))
run("lerp number, no imaginary", lambda a, c: torch.lerp(a, a * 2, 0.5 + 0j))
run("lerp half number", lambda a, c: torch.lerp(a.half(), a.half(), 0.5 + 1j))
run("where", lambda a, c: torch.where(torch.tensor([True, False]), a, c))
run("where swapped", lambda a, c: torch.where(torch.tensor([True, False]), c, a))
run("fill_", lambda a, c: c.clone().fill_(a[0]))
run("setitem", setitem)
run("mul", lambda a, c: a * c)
run("cat", lambda a, c: torch.cat([a, c]))
