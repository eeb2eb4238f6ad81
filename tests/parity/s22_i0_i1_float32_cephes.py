# float32 i0 and i1 bit for bit as PyTorch's CPU kernels compute them (Cephes's Chebyshev
# series in float32 with fused Clenshaw steps, times glibc's expf), in place too, and what
# compares equal to 1 afterwards (fuzz 11:6449: tanhshrink, i0_, not_equal(1)).
import torch

F = torch.nn.functional


def bits(t):
    """Exact values (the parity check compares plain numbers within a tolerance)."""
    return [float(v).hex().replace("0x", "") for v in t.detach().reshape(-1).tolist()]
v0 = torch.tensor([[0.632, -0.57, -1.587, 1.158], [1.324, -1.052, 0.467, -1.418],
                   [2.297, -1.357, 2.525, -1.359], [2.986, -3.58, 1.937, -1.704],
                   [-0.02, -2.114, 0.298, 0.671], [-3.343, 0.03, -0.532, -3.445]],
                  requires_grad=True)
v1 = F.tanhshrink(v0)
v2 = v1.i0_()
print(bits(v2), v1.not_equal(1).tolist())
x = torch.cat([torch.arange(-400, 400) / 16, torch.arange(-60, 60) * 1.37 + 0.11,
               torch.tensor([0.0, -0.0, 8.0, -8.0, 88.5, 89.0, float("inf"), float("nan")])])
for f in (torch.i0, torch.special.i0, torch.special.i1):
    y = f(x)
    print(bits(y), bits(f(x[:3])), bits(f(x.half())))
