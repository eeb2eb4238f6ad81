# In-place asinh_ / acosh_ / atanh_ record nodes whose derivative PyTorch does not implement;
# its engine runs such a node even when only an undefined gradient reaches it (a 0-norm's),
# so the error is raised there too (fuzz 46:9557), while backward(inputs=) that does not need
# the input past it stays quiet.
import torch

for name in ("asinh_", "acosh_", "atanh_"):
    x = torch.tensor([1.5, 0.0, -2.0], requires_grad=True)
    y = x * 1
    getattr(y, name)()
    try:
        torch.linalg.vector_norm(y, ord=0).backward()
        print(name, x.grad)
    except NotImplementedError as error:
        print(name, "NotImplementedError:", error)
x = torch.tensor([1.5, 0.0, -2.0], requires_grad=True)
n = torch.linalg.vector_norm(x * 1, ord=0)
n.backward()
print(n.grad_fn.name(), x.grad)
x = torch.tensor([1.5, 2.0], requires_grad=True)
y = x * 1
y.asinh_()
z = y * 2
z.sum().backward(inputs=[y])
print(y.grad)
