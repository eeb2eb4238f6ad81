# Issue 11 (fuzz): addcdiv's tensor1 gradient with an integer or bool tensor2 fails as
# PyTorch's does (value / tensor2 is computed in tensor2's dtype); self's gradient alone works.
import torch

ones = torch.ones(3)
for t2 in (torch.tensor([2, 2, 2]), torch.tensor([True, False, True]),
           torch.tensor([2, 2, 2], dtype=torch.int32), torch.tensor([2, 2, 2], dtype=torch.uint8)):
    for wants in ("self", "tensor1", "both"):
        s = ones.clone().requires_grad_(wants != "tensor1")
        t1 = ones.double().requires_grad_(wants != "self")
        try:
            torch.addcdiv(s, t1, t2, value=2.5).sum().backward()
            print(t2.dtype, wants, s.grad, t1.grad)
        except RuntimeError as error:
            print(t2.dtype, wants, "RuntimeError:", error)
