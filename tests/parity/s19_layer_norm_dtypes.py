# layer_norm's parameters on CPU: of the input's dtype, or all float32 for a bfloat16 or half
# input; the first defined parameter's dtype decides which case applies (else PyTorch's
# kernel reads the other one as the input's dtype and refuses)
import torch

F = torch.nn.functional

for xd, wd, bd in [("float64", "float32", None), ("float32", "float64", None),
                   ("float64", None, "float32"), ("float32", "float32", "float64"),
                   ("bfloat16", "float32", "float32"), ("float16", "float32", "float32"),
                   ("bfloat16", "float32", "bfloat16"), ("float32", "bfloat16", "bfloat16"),
                   ("bfloat16", "bfloat16", "float32"), ("float32", None, "float64"),
                   ("float16", "bfloat16", None), ("float16", None, "float32")]:
    for shape in [(2, 3), (0, 3)]:
        x = torch.ones(shape, dtype=getattr(torch, xd))
        w = None if wd is None else torch.ones(3, dtype=getattr(torch, wd))
        b = None if bd is None else torch.ones(3, dtype=getattr(torch, bd))
        try:
            print(xd, wd, bd, shape, F.layer_norm(x, [3], w, b).dtype)
        except RuntimeError as error:
            print(xd, wd, bd, shape, "RuntimeError", error)
try:
    torch.nn.LayerNorm(3).double()(torch.ones(2, 3))
except RuntimeError as error:
    print("LayerNorm", error)
