# Assigning a .grad of another dtype or size: PyTorch 2.13's messages (the dtype in its C++
# name against the tensor's grad_dtype, checked before the size), not the old "assigned grad
# has data of a different type".
import torch

v = torch.ones(2, requires_grad=True)
for grad in [torch.ones(2, dtype=torch.int64), torch.ones(3), torch.ones(2, 1),
             torch.ones(3, dtype=torch.float64), torch.ones(2, dtype=torch.bfloat16),
             torch.ones(2, dtype=torch.float16), torch.ones(2, dtype=torch.bool),
             torch.ones(2, dtype=torch.complex64), torch.ones(2, dtype=torch.uint8),
             torch.ones(2, dtype=torch.int8), torch.zeros(2)]:
    try:
        v.grad = grad
        print("assigned", v.grad)
    except Exception as error:
        print(type(error).__name__, error)
