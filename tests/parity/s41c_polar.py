# torch.polar (not a fuzz find: an API hookgrad lacked): values as bit patterns (PyTorch's
# scalar kernel: C's cosf / sinf for float32), broadcasting, non-finite angles, the gradients
# to abs and angle (polar_backward: conj(grad) * sgn(result), conj(grad) * result * 1j;
# float32 as bit patterns, float64 to rounding), node names, PyTorch's dtype errors.
import numpy as np
import torch

rng = np.random.default_rng(3)


def bits(t):
    a = t.detach().numpy()
    return a.view(np.int32 if a.dtype in (np.float32, np.complex64) else np.int64).tolist()


for dt in (np.float32, np.float64):
    a = torch.from_numpy((rng.standard_normal(40) * 3).astype(dt)).requires_grad_()
    b = torch.from_numpy((rng.standard_normal(40) * 10).astype(dt)).requires_grad_()
    out = torch.polar(a, b)
    print(out.dtype, out.shape, out.grad_fn.name(), bits(torch.view_as_real(out)))
    g = torch.complex(torch.from_numpy(rng.standard_normal(40).astype(dt)),
                      torch.from_numpy(rng.standard_normal(40).astype(dt)))
    ga, gb = torch.autograd.grad(out, [a, b], g)
    print(" ga", bits(ga) if dt == np.float32 else ga.tolist())
    print(" gb", bits(gb))
x = torch.tensor([1.0, 0.0, -2.0, float("inf"), 3.0, 0.5])
y = torch.tensor([0.0, 1.0, float("nan"), 0.5, float("inf"), -float("inf")])
print(bits(torch.view_as_real(torch.polar(x, y))))
print(bits(torch.view_as_real(torch.polar(x.double(), y.double()))))
print(torch.polar(torch.ones(2, 1), torch.tensor([0.0, 1.0, 2.0])).shape)
for f in (lambda: torch.polar(x, y.double()), lambda: torch.polar(x.int(), y.int()),
          lambda: torch.polar(x, torch.ones(3)), lambda: torch.polar(x.half(), y.half()),
          lambda: torch.polar(x, 1.0)):
    try:
        print(f().shape)
    except Exception as e:
        print(type(e).__name__, e)
