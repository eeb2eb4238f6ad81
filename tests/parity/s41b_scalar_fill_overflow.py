# torch.scalar_tensor / full / full_like convert their number as PyTorch's checked_convert:
# 'value cannot be converted to type int64_t without overflow' for inf / NaN / out-of-range
# numbers (unsigned dtypes wrap ints in [-max, max]), a finite float beyond float32's range;
# float16 overflows to inf in scalar_tensor only; a complex number without an imaginary part
# is its real part (fuzz 903:1708 with HGFUZZ_BOOST_MORE2=15).
import torch

CASES = [(float("inf"), torch.int64), (float("nan"), torch.int64), (float("-inf"), torch.int32),
         (1e30, torch.int64), (2 ** 70, torch.int64), (float("inf"), torch.bool),
         (float("nan"), torch.uint8), (300, torch.uint8), (-1, torch.uint8), (-255, torch.uint8),
         (-256, torch.uint8), (-1.0, torch.uint8), (255.5, torch.uint8), (2 ** 63, torch.int64),
         (2 ** 63 - 1, torch.int64), (-2 ** 63, torch.int64), (2 ** 63, torch.float32),
         (1e300, torch.float32), (1e300, torch.float64), (float("inf"), torch.float32),
         (3.9e38, torch.float32), (-129, torch.int8), (-128.5, torch.int8), (2.7, torch.int64),
         (-2.7, torch.int16), (70000.0, torch.float16), (1e300, torch.complex64), (1e300, None),
         (True, torch.int64), (5, None)]
for value, dtype in CASES:
    for make in ("scalar_tensor", "full", "full_like"):
        try:
            if make == "scalar_tensor":
                out = torch.scalar_tensor(value, dtype=dtype)
            elif make == "full":
                out = torch.full((2,), value, dtype=dtype)
            else:
                out = torch.full_like(torch.zeros(2, dtype=dtype), value)
            print(make, value, dtype, out)
        except Exception as error:
            print(make, value, dtype, type(error).__name__, error)
for value, dtype in [(1j, torch.int64), (complex(1, 0), torch.int64),
                     (complex(1, 0), torch.float32),
                     (1j, torch.bool)]:
    for make in (torch.scalar_tensor, lambda v, dtype: torch.full((1,), v, dtype=dtype)):
        try:
            print(value, dtype, make(value, dtype=dtype))
        except RuntimeError as error:
            print(value, dtype, error)
