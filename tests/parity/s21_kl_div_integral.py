# kl_div refuses an integral (or bool) input or target, empty or not, whatever the reduction
# and log_target, with PyTorch's message; an invalid reduction is refused before that.
import warnings

import torch

F = torch.nn.functional
warnings.simplefilter("ignore")
dtypes = [torch.float32, torch.float64, torch.int64, torch.int32, torch.bool, torch.uint8,
          torch.float16]
for a in dtypes:
    for b in dtypes:
        for shape in [(0, 2), (2, 3)]:
            for log_target in (False, True):
                for reduction in ("mean", "batchmean", "none", "sum"):
                    x, y = torch.ones(shape, dtype=a), torch.ones(shape, dtype=b)
                    try:
                        r = F.kl_div(x, y, reduction=reduction, log_target=log_target)
                        print(a, b, shape, log_target, reduction, "ok", r.dtype, tuple(r.shape))
                    except Exception as e:
                        print(a, b, shape, log_target, reduction, type(e).__name__, e)
for reduction in ("foo", "batchmean"):
    try:
        F.kl_div(torch.ones(2, dtype=torch.int64), torch.ones(2), reduction=reduction)
    except Exception as e:
        print(reduction, type(e).__name__, e)
try:
    torch.nn.KLDivLoss(reduction="sum")(torch.ones(2, 3, dtype=torch.int64), torch.ones(2, 3))
except Exception as e:
    print("module", type(e).__name__, e)
