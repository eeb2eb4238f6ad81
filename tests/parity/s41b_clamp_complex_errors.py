# clamp / clamp_min / clamp_max refuse complex tensors with PyTorch's errors: 'clamp is not
# supported for complex types' for a complex input with number bounds or with tensor bounds
# through clamp; the maximum / minimum kernels' errors for clamp_min / clamp_max with a tensor
# bound, and the clamp kernel's for a real input with complex tensor bounds (fuzz 903:515,
# 901:2403 with HGFUZZ_BOOST_MORE2=15).
import torch

z = torch.ones(2, dtype=torch.complex64)
x = torch.ones(2)
CASES = {"clamp": lambda: z.clamp(0, 1), "clamp_min": lambda: z.clamp(min=0),
         "clamp_max": lambda: z.clamp(max=1), "t.clamp_max": lambda: torch.clamp_max(z, 1),
         "t.clamp_min": lambda: torch.clamp_min(z, 1), "tensor": lambda: z.clamp(torch.zeros(2)),
         "max_t": lambda: z.clamp_max(torch.ones(2)), "min_t": lambda: z.clamp_min(torch.ones(2)),
         "clip": lambda: z.clip(0, 1), "clamp_": lambda: z.clone().clamp_(0, 1),
         "real bound": lambda: x.clamp(min=z), "real bounds": lambda: x.clamp(min=z, max=x),
         "real max_t": lambda: x.clamp_max(z), "real min_t": lambda: x.clamp_min(z),
         "real max_": lambda: x.clone().clamp_max_(z)}
for name, fn in CASES.items():
    try:
        print(name, fn())
    except Exception as error:
        print(name, type(error).__name__, error)
for name, fn in {"real max=": lambda: x.clamp(max=z), "real both": lambda: x.clamp(min=x, max=z),
                 "min=x": lambda: z.clamp(min=x)}.items():
    try:
        print(name, fn())
    except Exception as error:
        print(name, type(error).__name__, error)
