# Issue 11 (fuzz): the in-place atanh_/acosh_/asinh_ have no derivative: backward raises only
# when the pass needs the input's gradient (backward(inputs=[the result]) works).
import torch

x = torch.tensor([0.25, -0.5], requires_grad=True)
for name in ["atanh_", "arctanh_", "acosh_", "asinh_", "arccosh_"]:
    y = (x * 1 + (2 if "cosh" in name else 0))
    z = getattr(y, name)()
    print(name, z.grad_fn.name())
    try:
        print(torch.autograd.grad(z.sum(), x))
    except NotImplementedError as e:
        print(type(e).__name__, e)
    y = (x * 1 + (2 if "cosh" in name else 0))
    z = getattr(y, name)()
    try:
        z.backward(torch.ones(2), inputs=[y])
        print(y.grad)
    except NotImplementedError as e:
        print(type(e).__name__, e)
# through a view, the op's input is reached through CopySlices: its gradient is needed
v2 = torch.tensor([[-0.5, 0.25, 0.125], [0.5, -0.25, 0.0]], requires_grad=True)
view = v2.clone().expand(2, 3)
view.atanh_()
try:
    print(torch.autograd.grad([view.sum()], [v2]))
except NotImplementedError as e:
    print(type(e).__name__, e)
# backward(inputs=[the base]) stops at the base's CopySlices: the op's input gradient is not
# needed, so nothing raises; with inputs=[the leaf] it is
for inputs in ("base", "leaf"):
    leaf = torch.tensor([[0.5, -0.25], [0.0, 0.75]], dtype=torch.float64, requires_grad=True)
    base = leaf.clone()
    out = base.t().arctanh_()
    try:
        out.backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64),
                     inputs=[base if inputs == "base" else leaf])
        print(inputs, base.grad, leaf.grad)
    except NotImplementedError as e:
        print(inputs, type(e).__name__, e)
