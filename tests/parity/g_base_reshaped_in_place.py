# Fuzz 0:11873: a base that changes shape in place (squeeze_, unsqueeze_, t_, transpose_)
# while views of it are alive. The views' regenerated grad_fn (AsStridedBackward0) and a
# CopySlices written through such a view select the view's elements of the base's memory,
# whatever the base's shape is now (plain and create_graph backward alike).
import warnings

import torch

warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)


def run(label, shape, in_place, create):
    a = torch.arange(1.0, 13.0).reshape(shape).requires_grad_()
    x = a * 1
    v = x[0]
    w = x.transpose(0, -1)
    in_place(x)
    weights = torch.arange(1.0, v.numel() + 1).reshape(v.shape)
    (v * weights).sum().backward(create_graph=create, retain_graph=True)
    first = a.grad.detach().clone()
    a.grad = None
    weights = torch.arange(1.0, w.numel() + 1).reshape(w.shape)
    (w * weights).sum().backward(create_graph=create, retain_graph=True)
    print(label, create, v.grad_fn.name(), tuple(x.shape), first.tolist(), a.grad.tolist())


for create in (False, True):
    run("t_", (3, 4), lambda x: x.t_(), create)
    run("transpose_", (4, 3), lambda x: x.transpose_(0, 1), create)
    run("squeeze_()", (2, 1, 6), lambda x: x.squeeze_(), create)
    run("squeeze_(1)", (2, 1, 6), lambda x: x.squeeze_(1), create)
    run("squeeze_((1, 3))", (2, 1, 6, 1), lambda x: x.squeeze_((1, 3)), create)
    run("unsqueeze_", (2, 6), lambda x: x.unsqueeze_(1), create)
    run("unsqueeze_ transpose_", (2, 6), lambda x: x.unsqueeze_(0).transpose_(0, 2), create)

# a view made between two in-place shape changes of its base
a = torch.arange(1.0, 7.0).reshape(2, 3).requires_grad_()
x = a * 1
x.t_()
v = x[1]
x.unsqueeze_(0)
(v * torch.tensor([1.0, 2.0])).sum().backward()
print("between", v.grad_fn.name(), a.grad.tolist())

# an in-place op written through a view after its base changed shape
a = torch.arange(1.0, 7.0).reshape(2, 3).requires_grad_()
x = a * 1
v = x[1]
x.t_()
v.mul_(torch.tensor([1.0, 2.0, 3.0]))
(x * torch.arange(1.0, 7.0).reshape(3, 2)).sum().backward()
print("through a view", x.grad_fn.name(), a.grad.tolist())

# the fuzzer's program: squeeze_ of a base with a swapaxes view, create_graph backward
v0 = torch.linspace(-1.0, 1.0, 18).reshape(2, 3, 3, 1).requires_grad_()
v1 = v0.erf()
v2 = torch.swapaxes(v1, 2, 0)
v1.squeeze_()
v2.sum().backward(create_graph=True)
print("fuzz", v2.grad_fn.name(), v0.grad, v0.grad.grad_fn.name())

# fuzz 0:201: masked_scatter_ through a view, then t_ of the base: the view's gradient reaches
# the base's TBackward1 (its pre-hook runs), then the CopySlices
v0 = torch.tensor([[0.75], [-0.75]])
v1 = v0.unsqueeze(0)
v3 = torch.tensor([-0.75, -1.75, -0.5], requires_grad=True)
v1.masked_scatter_(torch.tensor([[[False], [True]]]), v3)
v0.t_()
print("masked_scatter_", v1.grad_fn.name(), v1.grad_fn.next_functions[0][0].name())
v0.grad_fn.register_prehook(lambda grad_outputs: print("pre-hook", grad_outputs))
v1.sum().backward(create_graph=True)
print("masked_scatter_", v3.grad)
