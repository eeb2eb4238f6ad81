# Constructors: the legacy torch.Tensor(...), as_tensor / from_numpy sharing memory with
# NumPy, and the *_like family keeping shape and dtype unless told otherwise.
import numpy as np
import torch

print(torch.Tensor([0, 1, 2]), torch.Tensor([0, 1, 2]).dtype, torch.Tensor(2, 3).shape)
print(torch.Tensor([[1, 2], [3, 4]]).requires_grad, torch.Tensor([True, False]))
a = np.arange(4.0)
t = torch.as_tensor(a)
a[0] = 10
print('as_tensor shares memory:', t, t.dtype)
print('as_tensor with another dtype copies:', torch.as_tensor(a, dtype=torch.float32), a[0])
u = torch.from_numpy(a)
u[1] = -1
print('from_numpy shares memory:', a)
print('as_tensor of a tensor is that tensor:', torch.as_tensor(t) is t)
base = torch.ones(2, 3, dtype=torch.float64)
for name in ['zeros_like', 'ones_like', 'empty_like', 'rand_like', 'randn_like']:
    r = getattr(torch, name)(base)
    print(name, tuple(r.shape), r.dtype, r.requires_grad)
print('full_like', torch.full_like(base, 7))
print('zeros_like int', torch.zeros_like(base, dtype=torch.int64))
print('ones_like requires_grad', torch.ones_like(base, requires_grad=True).requires_grad)
print('randint_like range ok', bool(((torch.randint_like(base, 5) >= 0) &
                                     (torch.randint_like(base, 5) < 5)).all()))
print('tensor from list of tensors', torch.tensor([torch.tensor(1.5), torch.tensor(2.0)]))
print('new_zeros / new_ones / new_full', base.new_zeros(2), base.new_ones((1, 2)),
      base.new_full((2,), 3))
