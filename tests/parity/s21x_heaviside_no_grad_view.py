# heaviside / heaviside_ record PyTorch's NotImplemented node with an edge per input that
# requires grad, a view made without grad mode of a tensor that requires grad included (an
# empty edge); backward through it raises.
import torch


def chain(fn, depth=3):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [(chain(n, depth - 1), i) for n, i in fn.next_functions]]


def attempt(label, fn):
    try:
        out = fn()
        print(label, out.requires_grad, chain(out.grad_fn))
        out.sum().backward()
    except RuntimeError as error:
        print(label, "raised", error)


a = torch.tensor([[-0.25, 1.5], [0.0, 1.75]], requires_grad=True)
b = torch.tensor([[0.5, 0.0], [1.0, 1.0]], requires_grad=True)
with torch.no_grad():
    view = a.unflatten(1, (2,))
pairs = (("both", a * 1, b * 1), ("self only", a * 1, b.detach()),
         ("values only", a.detach().clone(), b * 1), ("view values", a * 1, view),
         ("view self", view, b * 1), ("view both", view, view))
for label, x, v in pairs:
    attempt(label + " heaviside", lambda x=x, v=v: torch.heaviside(x, v))
    attempt(label + " heaviside_", lambda x=x, v=v: (x * 1).heaviside_(v))
    attempt(label + " heaviside_ of a clone", lambda x=x, v=v: x.clone().heaviside_(v))

product = view * 1
attempt("in place on a product of the view", lambda: product.heaviside_(view))
