# layer_norm of rows shorter than one AVX2 vector (7 float32 / 3 float64 values) bit for bit
# as PyTorch's kernel rounds it: Welford's mean and variance, (x - mean) * rstd, the weight
# and bias by fused multiply-adds; the input gradient in the kernel's form (fused steps, the
# row sums in order), the weight and bias gradients summed per thread buffer.
import torch

F = torch.nn.functional


def bits(t):
    """Exact values (the parity check compares plain numbers within a tolerance)."""
    return [float(v).hex().replace("0x", "") for v in t.detach().reshape(-1).tolist()]
g = torch.Generator().manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for width in (1, 2, 3, 5, 7):
        if dtype == torch.float64 and width > 3:
            continue
        for rows in (1, 2, 3, 5):
            x = ((torch.arange(rows * width, dtype=dtype) * 0.731).sin() * 2).reshape(rows, width)
            x.requires_grad_()
            w = (torch.arange(width, dtype=dtype) * 1.37 + 0.3).cos().requires_grad_()
            b = (torch.arange(width, dtype=dtype) * 0.91).sin().requires_grad_()
            dy = ((torch.arange(rows * width, dtype=dtype) * 1.13).cos()).reshape(rows, width)
            for weight, bias in ((None, None), (w, None), (None, b), (w, b)):
                out = F.layer_norm(x, [width], weight, bias)
                grads = torch.autograd.grad(out, [t for t in (x, weight, bias) if t is not None],
                                            dy)
                print(dtype, width, rows, weight is None, bias is None, bits(out),
                      [bits(t) for t in grads])
