# PyTorch's ldexp kernel refuses a bool exponent for a real floating input ('"ldexp_cpu_exp"
# not implemented for 'Bool''), in place too; integer and bool inputs take it (complex ones
# too, which hookgrad does not compute). Found probing the in-place binary family (6:18065).
import torch

DTYPES = [torch.bool, torch.uint8, torch.int64, torch.float16, torch.bfloat16, torch.float32,
          torch.float64]
for a in DTYPES:
    for b in (torch.bool, torch.int32):
        for form in ("out", "inplace", "0-d"):
            x, y = torch.ones(2, dtype=a), torch.ones(2, dtype=b)
            try:
                if form == "out":
                    r = torch.ldexp(x, y)
                elif form == "inplace":
                    r = x.ldexp_(y)
                else:
                    r = torch.ldexp(x, torch.tensor(True, dtype=b))
                print(a, b, form, r)
            except Exception as error:
                print(a, b, form, "raised", type(error).__name__, error)
