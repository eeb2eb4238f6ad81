# Issue 11 (fuzz): views remember how they were made, as PyTorch's creation meta does, also
# for a base that does not require grad: a view made in no_grad mode (or a view of one), and
# an output of split/chunk/unbind made in grad mode, refuse an in-place op that records
# history (an argument requires grad); one that records nothing works.
import torch


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)


w = torch.tensor(2.0, requires_grad=True)


def make(how):
    a = torch.arange(4.0)
    if how == "view":
        return a.view(2, 2)
    if how == "unbind":
        return a.view(2, 2).unbind()[0]
    if how == "split":
        return a.split(2)[0]
    if how == "chunk then view":
        return a.chunk(2)[1].view(2)
    with torch.no_grad():
        if how == "no_grad view":
            return a.view(2, 2)
        if how == "no_grad split":
            return a.split(2)[0]
        view = a.split(2)[0]
    if how == "no_grad split then view":
        return view.view(2)
    return view.view(2).view(1, 2)


for how in ("view", "unbind", "split", "chunk then view", "no_grad view", "no_grad split",
            "no_grad split then view", "no_grad split then two views"):
    attempt(f"{how} mul_", lambda how=how: make(how).mul_(w).grad_fn.name())
    attempt(f"{how} copy_", lambda how=how: make(how).copy_(w).grad_fn.name())
    attempt(f"{how} add_", lambda how=how: make(how).add_(1))
    attempt(f"{how} grad_fn", lambda how=how: make(how).grad_fn)

a = torch.zeros(4)
with torch.no_grad():
    v = a.view(2, 2)
a.add_(1)  # records nothing: the no_grad view keeps working
print(v.grad_fn, v.requires_grad, v)
