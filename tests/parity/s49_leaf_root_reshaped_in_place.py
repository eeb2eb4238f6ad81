# A leaf whose AccumulateGrad exists (an op used it) and whose shape then changed in place
# without grad mode: as a root, its gradient is checked against the shape that AccumulateGrad
# recorded (93:14394), summed to it where it broadcasts there, else refused.
import torch


def attempt(label, fn):
    try:
        result = fn()
        print(label, [None if g is None else (tuple(g.shape), g.tolist()) for g in result])
    except RuntimeError as error:
        print(label, "raised", error)


a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
_ = a * 1
with torch.no_grad():
    a.transpose_(0, 1)
attempt("transposed", lambda: torch.autograd.grad([a], [a], grad_outputs=[torch.ones(3, 2)]))

b = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
_ = b * 1
with torch.no_grad():
    b.unsqueeze_(0)
attempt("unsqueezed", lambda: torch.autograd.grad([b], [b], grad_outputs=[torch.full((1, 1, 3), 2.0)]))

c = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
with torch.no_grad():  # (no AccumulateGrad yet: nothing recorded)
    c.transpose_(0, 1)
attempt("no accumulator", lambda: torch.autograd.grad([c], [c], grad_outputs=[torch.ones(3, 2)]))

d = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
_ = d * 1
with torch.no_grad():
    d.t_()
d.backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))  # (a square: the same shape)
print("square", d.grad.tolist())
