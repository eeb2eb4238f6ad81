# Issue 11 (fuzz 31:992): AccumulateGrad warns (once per process and site) when the .grad it
# leaves and its leaf do not obey the gradient layout contract: a .grad the user replaced by
# a transposed tensor, accumulated in place or summed under create_graph, and a .grad
# reshaped in place (t_) then summed with a new gradient (broadcast to another shape).
import warnings

import torch

torch.set_warn_always(True)


def run(label, fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn()
    texts = [str(w.message) for w in caught if "layout contract" in str(w.message)]
    print(label, len(texts))
    for text in texts:
        print(text.split(" (Triggered")[0])


p = torch.ones(3, 2, requires_grad=True)
p.grad = torch.zeros(2, 3).t()
run("in place", lambda: (p * 2).sum().backward())
print(p.grad.stride(), p.grad)
run("summed", lambda: (p * 2).sum().backward(create_graph=True))
print(p.grad.stride())
x = torch.ones(3, 1, requires_grad=True)
run("first", lambda: (x * x).sum().backward(create_graph=True))
x.grad.t_()
run("reshaped", lambda: x.grad.sum().backward(create_graph=True))
print(x.grad.shape, x.grad)
q = torch.ones(2, 2, requires_grad=True)
q.grad = torch.zeros(2, 2)
run("contiguous", lambda: (q * 3).sum().backward())
