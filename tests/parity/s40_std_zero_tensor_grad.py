# std's backward divides the incoming gradient by twice the result and fills the zero-std
# places in place: when that gradient is sgn's ZeroTensor, the quotient is one too and the
# in-place fill raises, for every std form (var's formula has no such write and works).
import torch


def attempt(label, reduce):
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 2.0, 7.0]], requires_grad=True)
    try:
        reduce(x).sgn().sum().backward()
        print(label, x.grad)
    except RuntimeError as error:
        print(label, "RuntimeError:", error)


attempt("std(0)", lambda x: x.std(0))
attempt("std()", lambda x: x.std())
attempt("std(correction=0)", lambda x: x.std(1, correction=0, keepdim=True))
attempt("std_mean", lambda x: torch.std_mean(x, 0)[0])
attempt("var(0)", lambda x: x.var(0))
attempt("var_mean", lambda x: torch.var_mean(x, 0)[0])
attempt("std_mean's mean", lambda x: torch.std_mean(x, 0)[1])
attempt("norm", lambda x: x.norm(dim=0))
x = torch.tensor([[1.0, 2.0], [3.0, 5.0]], requires_grad=True)
g = torch.autograd.grad(x.std(0).sum(), x, create_graph=True)[0]
print(g, g.grad_fn.name())
print(torch.autograd.grad(g.pow(2).sum(), x)[0])
