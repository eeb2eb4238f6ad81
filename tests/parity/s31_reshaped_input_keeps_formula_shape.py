# Issue 11 (fuzz 31:651): an input reshaped in place without grad mode (t_) after its node
# recorded it: an op on it afterwards computes its gradient in the new shape (expand sums
# to it), and the engine then refuses that gradient against the shape the graph recorded,
# as PyTorch does; reductions and views alike, backward and autograd.grad.
import torch

v0 = torch.tensor([[1.25], [-0.75], [-1.25]], requires_grad=True)
for name, op in [("broadcast_to", lambda t: t.broadcast_to((3, 3))),
                 ("expand", lambda t: t.expand(2, 3)),
                 ("sum(0)", lambda t: t.sum(0)),
                 ("mean", lambda t: t.mean()),
                 ("view", lambda t: t.view(3)),
                 ("mul", lambda t: t * 2)]:
    for mode in ("grad", "backward"):
        v1 = v0.clone()
        with torch.no_grad():
            v1.t_()
        out = op(v1)
        try:
            if mode == "grad":
                print(name, mode, torch.autograd.grad(out, [v1], torch.ones_like(out)))
            else:
                out.backward(torch.ones_like(out))
                print(name, mode, v0.grad)
        except RuntimeError as error:
            print(name, mode, "raised", error)
