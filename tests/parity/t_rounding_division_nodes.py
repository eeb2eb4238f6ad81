# Division with a rounding mode records DivBackward2 (zero gradients for both operands);
# floor_divide and // record PyTorch's NotImplemented node, which raises in backward.
import torch
x = torch.tensor([3.0, -4.0, 7.5], requires_grad=True)
y = torch.tensor([2.0, 3.0, -2.0], requires_grad=True)
for mode in ("floor", "trunc"):
    z = torch.div(x, y, rounding_mode=mode)
    print(mode, z, z.grad_fn.name(), x.div(2, rounding_mode=mode).grad_fn.name())
    z.sum().backward()
    print(x.grad, y.grad)
    x.grad = y.grad = None
b = torch.tensor([[2.0], [4.0]], requires_grad=True)
torch.div(x, b, rounding_mode="floor").sum().backward()
print(b.grad, x.grad)
for z in (x // y, x // 2, 7 // x, torch.floor_divide(x, y), x.floor_divide(3.0)):
    print(z, z.grad_fn.name())
    try:
        z.sum().backward()
    except RuntimeError as e:
        print("RuntimeError", e)
print(torch.tensor([7, -7]) // 2, 7 // torch.tensor([2, -2]), (torch.tensor([7, -7]) // 2.5).dtype)
