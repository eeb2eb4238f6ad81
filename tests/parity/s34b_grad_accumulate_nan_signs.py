# Fuzz (27:6002 family): which NaN a gradient sum keeps when two NaN gradients meet. PyTorch
# adds the later contribution as the second operand (InputBuffer: old + new; AccumulateGrad:
# .grad += new), and its add kernel (AVX2 build) returns the second operand's NaN. Sign bits
# printed (a NaN prints as nan either way); up to 16 float32 / 8 float64 elements.
import torch

nan = float("nan")
for dtype in (torch.float32, torch.float64):
    for n in (1, 3, 8):
        plus = torch.full((n,), nan, dtype=dtype)
        minus = torch.full((n,), -nan, dtype=dtype)
        x = torch.ones(n, dtype=dtype, requires_grad=True)
        ((x * plus).sum() + (x * minus).sum()).backward()  # two paths: the buffer's sum
        print(dtype, n, "buffer", torch.signbit(x.grad).int().tolist())
        ((x * plus).sum()).backward()  # into the existing .grad
        print(dtype, n, ".grad +=", torch.signbit(x.grad).int().tolist())
        x.grad = None
        (x * minus).sum().backward()
        (x * plus).sum().backward()
        print(dtype, n, "two passes", torch.signbit(x.grad).int().tolist())
        h = x * 1
        h.retain_grad()
        ((h * minus).sum() + (h * plus).sum()).backward()
        print(dtype, n, "retained", torch.signbit(h.grad).int().tolist())
        x.grad = None
        ((x * plus).sum() + (x * minus).sum()).backward(create_graph=True)
        print(dtype, n, "create_graph", torch.signbit(x.grad).int().tolist())
