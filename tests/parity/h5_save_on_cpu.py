# Spec 5.8: save_on_cpu(pin_memory=False) is a ready-made (pack, unpack) pair; on CPU tensors
# it leaves results unchanged.
import torch
from torch.autograd.graph import save_on_cpu
x = torch.tensor([1., 2., 3.], requires_grad=True)
with save_on_cpu(pin_memory=False):
    y = (x * x).exp().sum()
y.backward()
print([round(v, 3) for v in x.grad.tolist()])
print(isinstance(save_on_cpu(), torch.autograd.graph.saved_tensors_hooks))
