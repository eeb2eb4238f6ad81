# A leaf that changed between building the graph and backward: after detach_() or
# requires_grad_(False) its AccumulateGrad accumulates nothing (its tensor hooks and
# post-accumulate-grad hooks still run, the latter seeing .grad None); after requires_grad_(True)
# it accumulates again; a leaf an in-place op gave history is refused.
import torch

x = torch.tensor([-1.5, -2.0, 1.5, -1.0], requires_grad=True)
x.register_post_accumulate_grad_hook(lambda p: print("post", p.grad, p.requires_grad))
y = x.logit()
x.detach_()
y.backward(torch.tensor([-0.75, float("nan"), 1.25, 1.0], dtype=torch.float64))
print("after detach_", x.grad)

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_post_accumulate_grad_hook(lambda p: print("post", p.grad, p.requires_grad))
x.register_hook(lambda g: print("tensor hook", g))
y = x * 2
x.requires_grad_(False)
y.sum().backward(retain_graph=True)
print("after requires_grad_(False)", x.grad)
x.requires_grad_(True)
y.sum().backward(retain_graph=True)
print("after requires_grad_(True)", x.grad)
x.requires_grad_(False)
x.mul_(torch.tensor([1.0, 2.0], requires_grad=True))
print(x.is_leaf)
try:
    y.sum().backward(retain_graph=True)
except RuntimeError as error:
    print("RuntimeError", error)
print("after moved into the graph", x.grad)
