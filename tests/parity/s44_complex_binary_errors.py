# Binary ops PyTorch refuses on complex tensors raise its own errors (fuzz 62:10445, fmax).
import torch

c = torch.tensor([1 + 1j, 2 - 1j])
c128 = c.to(torch.complex128)
for name in ["fmax", "fmin", "hypot", "copysign", "nextafter", "heaviside", "xlogy",
             "bitwise_and", "bitwise_or", "bitwise_xor", "maximum", "fmod", "remainder"]:
    for a, b in ((c, c), (c128, c128)):
        try:
            getattr(torch, name)(a, b)
            print(name, "computed")
        except Exception as e:
            print(name, type(e).__name__, e)
