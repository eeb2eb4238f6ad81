# The gradient a view's node passes on is a view of the one it received, also for 0-d
# tensors: a hook's in-place edit of the input's gradient shows in the captured gradient of
# the view (fuzz 15:15386: l1_loss / abs of view_as, autograd.grad of both).
import torch

F = torch.nn.functional

VIEWS = {"view_as": lambda t: t.view_as(t), "reshape": lambda t: t.reshape(()),
         "mul": lambda t: t * 1}
for name, op in (("l1_loss", lambda t: F.l1_loss(t, torch.tensor(0.0))), ("mul", lambda t: t * 2),
                 ("abs", lambda t: t.abs()), ("sigmoid", lambda t: t.sigmoid())):
    for view in VIEWS:
        for both in (True, False):
            v0 = torch.tensor(-1.1, requires_grad=True)
            v1 = VIEWS[view](v0)
            out = op(v1)
            v0.register_hook(lambda g: g.mul_(3) and None)
            grads = torch.autograd.grad([out], [v0, v1] if both else [v0])
            print(name, view, both, grads)
