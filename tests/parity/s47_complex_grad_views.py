# The real inputs of a complex op get views of the complex gradient's parts (PyTorch's
# at::real / at::imag): what autograd.grad returns for them shares the gradient's memory, so
# an in-place edit of grad_outputs (by a later hook, say) shows through; a leaf's .grad is
# its own dense copy.
import torch

for dtype in (torch.float32, torch.float64):
    a = torch.tensor([1.0, 2.0, -0.5], dtype=dtype, requires_grad=True)
    b = torch.tensor([0.5, -1.0, 3.0], dtype=dtype, requires_grad=True)
    a2, b2 = a * 1, b * 1
    pairs = torch.view_as_real(torch.complex(a2, b2))
    go = torch.arange(6, dtype=dtype).reshape(3, 2)
    ga, gb = torch.autograd.grad([pairs], [a2, b2], grad_outputs=[go], retain_graph=True)
    print(dtype, ga.stride(), gb.stride(), ga.is_contiguous(), ga, gb)
    go.mul_(10)
    print("after edit", ga, gb)

    def hook(g):
        g.mul_(3)

    handle = pairs.register_hook(hook)
    go2 = torch.ones(3, 2, dtype=dtype)
    ga2, = torch.autograd.grad([pairs], [a2], grad_outputs=[go2], retain_graph=True)
    print("hooked", ga2, go2[:, 0])
    handle.remove()
    pairs.backward(torch.arange(6, dtype=dtype).reshape(3, 2))
    print("leaf grads", a.grad, a.grad.stride(), b.grad, b.grad.stride())

# 0-d parts, and a real number times a complex tensor (the real factor's gradient)
x = torch.tensor(1.5, requires_grad=True)
z = torch.complex(x * 1, torch.tensor(2.0))
g, = torch.autograd.grad([torch.view_as_real(z)], [x], grad_outputs=[torch.tensor([4.0, 5.0])])
print(g, g.shape)
w = torch.tensor([2.0, -1.0], requires_grad=True)
c = torch.tensor([1 + 2j, 3 - 1j])
out = w * c
gw, = torch.autograd.grad([out], [w], grad_outputs=[torch.tensor([1 + 1j, 2 - 3j])])
print(gw, gw.stride())
