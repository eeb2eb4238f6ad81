# The grad_fn of a view of a no_grad view, after the base changed in place: PyTorch names the
# view's own node ("Output 0 of Transpose is a view of a view which was created in no_grad
# mode and its base or another view of its base has been modified ...", fuzz 903:1853); a
# no_grad view itself has no node ("A view was created in no_grad mode and ...").
import torch

v1 = torch.zeros((2, 3)).requires_grad_()
with torch.no_grad():
    v2 = v1.view(3, 2)
v3 = v2.swapaxes(1, 0)
v4 = v2[0]
with torch.no_grad():
    v2.mul_(2)
for t in (v2, v3, v4):
    try: print(t.grad_fn)
    except RuntimeError as e: print(e)
with torch.no_grad():
    v5 = v1.view(3, 2)
v6 = v5.t()
try: v6.mul_(2)
except RuntimeError as e: print(e)
v7 = v5.unsqueeze(0)
try:
    v5.add_(1)  # (grad mode: refused itself)
except RuntimeError as e:
    print(e)
