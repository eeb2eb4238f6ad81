# Issue 11 (fuzz 21:1191): a bool number to the power of a bool tensor is refused as
# bool ** bool is ("pow" has no Bool kernel); a bool with an int or float promotes.
import torch

b = torch.tensor([True, False])
cases = {"False ** b": lambda: False ** b, "True ** b": lambda: True ** b,
         "pow(False, b)": lambda: torch.pow(False, b), "b ** b": lambda: b ** b,
         "b ** True": lambda: b ** True, "2 ** b": lambda: 2 ** b, "2.0 ** b": lambda: 2.0 ** b,
         "True ** int": lambda: True ** torch.tensor([1, 2]),
         "True ** float": lambda: True ** torch.tensor([1.0, 2.0])}
for name, fn in cases.items():
    try:
        r = fn()
        print(name, r, r.dtype)
    except NotImplementedError as e:
        print(name, type(e).__name__, e)
