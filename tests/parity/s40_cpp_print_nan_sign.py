# Error messages that print a tensor as PyTorch's C++ code does (meshgrid of a 2-d tensor):
# printf writes a NaN whose sign bit is set as "-nan" (arccosh of a number below 1 is one on
# this build), in matrices and in scaled columns alike (fuzz 41:19895).
import warnings

import torch

warnings.simplefilter("ignore")
for t in (torch.tensor([[float("nan"), 1.0, -float("nan")], [0.5, float("inf"), -2.0]],
                       dtype=torch.float64),
          torch.tensor([[-1.5, -1.75, 1.0, 1.5], [0.5, -2.0, 0.0, -0.75]]).arccosh(),
          torch.tensor([[-float("nan"), 12345.5, 3.0e6]]),
          torch.tensor([[[-float("nan"), 1.0]], [[2.0, float("nan")]]])):
    try:
        torch.meshgrid(t, torch.tensor([1.0], dtype=t.dtype))
    except RuntimeError as error:
        print(error)
