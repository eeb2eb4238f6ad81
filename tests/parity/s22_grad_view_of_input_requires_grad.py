# cummax / cummin of an empty tensor give their input back as its gradient; the view formulas
# between it and the leaf (view, t, permute, squeeze, flatten, ...) then make views of a tensor
# that requires grad, and such views require grad even without grad mode, so the gradient
# autograd.grad returns does (fuzz 14:1575).
import torch

v1 = torch.zeros((3, 2, 0)).requires_grad_()
v2 = v1.view(0)
v3 = torch.cummax(v2, 0)
v7 = torch.autograd.grad([v3[0].sum()], [v3[0], v1])
print([(tuple(t.shape), t.requires_grad, t.grad_fn) for t in v7])
for name, f in [("unsqueeze", lambda t: t.unsqueeze(0)), ("t", lambda t: t.view(0, 1).t()),
                ("permute", lambda t: t.view(0, 1).permute(1, 0)),
                ("squeeze", lambda t: t.view(0, 1).squeeze(1)),
                ("expand", lambda t: t.view(0, 1).expand(0, 3)),
                ("reshape", lambda t: t.reshape(0, 1)),
                ("flatten", lambda t: t.view(0, 1).flatten()),
                ("transpose", lambda t: t.view(0, 1).transpose(0, 1)),
                ("mul", lambda t: t * 2)]:
    x = torch.zeros(0).requires_grad_()
    g = torch.autograd.grad(torch.cummin(f(x), 0)[0].sum(), x)[0]
    print(name, g.requires_grad, g.grad_fn)
