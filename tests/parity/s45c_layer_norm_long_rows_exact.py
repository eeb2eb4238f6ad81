# layer_norm of rows of a vector or more (8+ float32 / 4+ float64 values) bit for bit as
# PyTorch 2.13's AVX2 kernel rounds it (fuzz 64:16773): RowwiseMoments' vectorised Welford
# (chunks of 16 vectors, their cascade, the trailing elements, the lane merges) for the mean
# and rstd, the output's fused steps ((x - mean) * rstd, then fma with the weight and bias;
# + 0 without either, so a -0 at the mean is +0), and the input gradient's ds / db sums in
# its vector order. Checksums of the bit patterns (a plain comparison has a tolerance).
import torch

F = torch.nn.functional


def checksum(t):
    """The bit patterns summed, each weighted by its position (any changed bit shows)."""
    t = t.detach().reshape(-1)
    ints = t.view(torch.int32 if t.dtype == torch.float32 else torch.int64).to(torch.int64)
    ints = ints % 1000003
    return int((ints * torch.arange(1, ints.numel() + 1)).sum()) % 1000000007


for dtype, widths in ((torch.float32, (8, 9, 16, 17, 31, 128, 129, 300, 1031)),
                      (torch.float64, (4, 5, 16, 65, 130))):
    for width in widths:
        for rows, kind in ((1, 0), (3, 0), (5, 1), (4, 2)):
            n = rows * width
            if kind == 0:  # (values of many bits)
                x = (torch.arange(n, dtype=dtype) * 0.731).sin() * 2
            elif kind == 1:  # (few bits: exact sums, outputs of exactly 0)
                x = ((torch.arange(n, dtype=dtype) * 7) % 9 - 4) / 4
            else:  # (a large mean next to the spread)
                x = 100 + (torch.arange(n, dtype=dtype) * 1.37).cos() / 64
            x = x.reshape(rows, width).requires_grad_()
            w = (torch.arange(width, dtype=dtype) * 1.37 + 0.3).cos().requires_grad_()
            b = (torch.arange(width, dtype=dtype) * 0.91).sin().requires_grad_()
            dy = (torch.arange(n, dtype=dtype) * 1.13).cos().reshape(rows, width)
            for weight, bias in ((None, None), (w, None), (None, b), (w, b)):
                out = F.layer_norm(x, [width], weight, bias)
                mean, rstd = out.grad_fn._saved_result1, out.grad_fn._saved_result2
                grads = torch.autograd.grad(out, [t for t in (x, weight, bias) if t is not None],
                                            dy)
                print(dtype, width, rows, kind, weight is None, bias is None, checksum(out),
                      checksum(mean), checksum(rstd), [checksum(g) for g in grads],
                      int(out.signbit().sum()))
# the fuzz program's pattern: copysign takes the sign of outputs at about 0
v5 = ((torch.arange(36, dtype=torch.float32) * 5) % 15 - 7).reshape(2, 2, 3, 3) / 4
v6 = F.layer_norm(v5, [3, 3])
print(torch.copysign(v5, v6).sum().item(), v6.signbit().sum().item(), v6.sum().item())
