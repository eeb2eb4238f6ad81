# Issue 11 (fuzz 35:12804, 36:3463): group_norm's last bits where a later op magnifies
# them: a group of two elements (results within eps of +-1, atanh), and a group with an
# element equal to its mean (result 0 or PyTorch's rounding of it, rsqrt). Bit patterns.
import numpy as np
import torch

F = torch.nn.functional
v3 = torch.tensor([[[1.745], [-2.278]], [[-1.041], [1.84]]])
print(torch.arctanh(F.group_norm(v3, 1)))
print(F.group_norm(v3, 1).numpy().view(np.int32).tolist())
v5 = torch.tensor([[[-0.75, -0.5, 1.0], [-1.25, -0.5, 2.0], [-0.5, 0.25, 2.0], [-1.0, -1.0, 1.75]],
                   [[-1.5, 0.5, 2.0], [0.0, -1.5, -1.25], [-1.75, -1.75, 1.0],
                    [-0.75, -1.0, 1.0]]])
print(F.group_norm(v5, 2).rsqrt()[0, 2])
print(F.group_norm(v5, 2)[0, 2:].numpy().view(np.int32).tolist())
w, b = torch.linspace(-1, 2, 4), torch.linspace(0.5, -0.5, 4)
print(F.group_norm(v5, 2, w, b)[0, 2:].numpy().view(np.int32).tolist())
