# A pass whose inputs= is the base of a view written in place does not need the write's
# CopySlices gradient, but still runs the op's backward far enough to check its saved tensors:
# a saved result changed since (under no_grad) names the op's node in the version error, as
# when the pass goes through it.
import torch


def attempt(label, write, inputs):
    src = torch.ones(1, 2, requires_grad=True)
    base = torch.arange(27, dtype=torch.float32).reshape(3, 3, 3) / 10 + 1
    view = base[0]
    out = write(view, src)
    with torch.no_grad():
        out.mul_(2)
    try:
        out.backward(torch.ones(3, 3), inputs=inputs(base, src))
        print(label, "no error", base.grad, src.grad)
    except RuntimeError as error:
        print(label, error)


scatter = lambda v, s: v.scatter_reduce_(1, torch.tensor([[0, 0]]), s, "prod")  # noqa: E731
exp = lambda v, s: v.mul_(s[0, 0]).exp_()  # noqa: E731
for name, write in (("scatter_reduce_", scatter), ("exp_", exp)):
    attempt(name + " inputs=base", write, lambda b, s: [b])
    attempt(name + " inputs=src", write, lambda b, s: [s])
    attempt(name + " all", write, lambda b, s: None)
