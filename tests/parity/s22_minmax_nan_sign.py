# The sign bit of the NaN that maximum / minimum and the whole-tensor max / min give, as
# PyTorch's kernels set it: their vector loop (whole steps of 64 bytes along a contiguous inner
# row) gives a NaN with the sign bit, their element loop (the rest of the row, strided
# operands) one without, whatever the input NaN's sign; whole-tensor max / min / aminmax of
# more than one element give a NaN with the sign bit (fuzz 14:13909: tan(inf).minimum(...)).
import torch

nan = float("nan")
v0 = torch.tensor([[1.5, -0.0, 1.25, 0.75, 1.5], [1.5, float("inf"), -1.0, 2.0, -1.25]])
v1 = v0.tan_()
print(v1.signbit().tolist(), v1.minimum(torch.tensor([[0.75], [-2.0]])).signbit().tolist())
for dtype in (torch.float32, torch.float64):
    for n in (1, 5, 8, 16, 17, 40):
        a = -torch.full((n,), nan, dtype=dtype)
        b = torch.ones(n, dtype=dtype)
        print(dtype, n, torch.minimum(a, b).signbit().tolist(),
              torch.maximum(b, a).signbit().tolist(),
              torch.minimum(a.view(n, 1), b[:1]).signbit().view(-1).tolist(),
              torch.maximum(a[::2], b[::2]).signbit().tolist(),
              torch.fmin(a, b).signbit().tolist())
        c = torch.arange(n, dtype=dtype)
        c[n // 2] = nan
        print(c.min().signbit().item(), c.max().signbit().item(),
              [t.signbit().item() for t in c.aminmax()], c.amax(0).signbit().item(),
              c.max(0)[0].signbit().item(), c.view(n, 1).amin(1).signbit().tolist())
# amin / amax along dims give a NaN without the sign bit; max / min with indices and
# aminmax along a dim give the NaN element itself
for dtype in (torch.float32, torch.float64):
    for n in (1, 3, 20):
        a = torch.arange(n * 3, dtype=dtype).view(n, 3)
        a[0, 1] = -torch.tensor(nan)
        a[n - 1, 0] = torch.tensor(nan)
        print([t.signbit().view(-1).tolist()[:2]
               for t in (a.amin(1), a.amax(1), a.amin(0), a.amax(0), a.max(1)[0], a.min(0)[0],
                         a.aminmax(dim=1)[0], a.amax((0, 1)), a.amin(()))])
