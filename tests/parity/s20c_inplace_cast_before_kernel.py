# Fuzz seed 6 (6:18065): an in-place binary op whose operands' common dtype cannot be cast to
# the written tensor's raises PyTorch's "result type Long can't be cast to the desired output
# type Bool" before the kernel's dtype check ("hypot_cpu" not implemented for 'Long');
# comparisons and lerp compute in the tensor's own dtype and keep their kernels' errors.
import torch

DTYPES = [torch.bool, torch.uint8, torch.int64, torch.float32, torch.float64]
for op in ["hypot_", "nextafter_", "atan2_", "fmod_", "bitwise_and_", "bitwise_xor_", "gcd_",
           "lcm_", "__ilshift__", "__irshift__", "copysign_", "lt_", "lerp_"]:
    for a in DTYPES:
        for b in DTYPES:
            x, y = torch.ones(2, dtype=a), torch.ones(2, dtype=b)
            try:
                getattr(x, op)(*((y, 0.5) if op == "lerp_" else (y,)))
                print(op, a, b, "->", x)
            except Exception as error:
                print(op, a, b, "raised", type(error).__name__, error)
v = torch.eq(torch.tensor([1.75, 0.25]), -0.75)
try:
    v.hypot_(torch.tensor([1, 0]))
except RuntimeError as error:
    print("bool.hypot_(long):", error)
