# Factories: torch.tensor keeps a NumPy scalar's dtype and promotes Python numbers with the
# NumPy scalars and tensors inside a list; asarray shares memory where it can, copies on
# request, refuses to alias across dtypes, warns once about requires_grad; empty_strided,
# scalar_tensor, row_stack; the three wordings of "can require gradients".
import warnings

import numpy as np
import torch

print(torch.tensor(np.float64(2.5)).dtype, torch.tensor(np.int32(3)).dtype,
      torch.tensor(np.bool_(True)).dtype, torch.tensor(np.complex128(1j)).dtype)
print(torch.tensor([np.float64(1.0), 2.0]).dtype, torch.tensor([np.float16(1), 2.0]).dtype,
      torch.tensor([[np.float64(1)], [2.0]]).dtype, torch.tensor([True, 2]).dtype)
print(torch.tensor([torch.tensor(1.0, dtype=torch.float64), 2.0]).dtype,
      torch.tensor([torch.tensor(1, dtype=torch.int32), 2]).dtype)
a = np.array([1.0, 2.0])
t = torch.asarray(a)
a[0] = 9
t2 = torch.asarray(a, copy=True)
a[1] = 7
print(t, t2, torch.asarray([1, 2]), torch.asarray([1.5]), torch.asarray(np.float64(2.5)))
x = torch.ones(2, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.asarray(x) is x, torch.asarray(x, copy=False) is x)
    print(len(caught), caught[0].category.__name__ if caught else None)
z = torch.asarray(x, dtype=torch.float64, requires_grad=True)
print(z.grad_fn.name(), torch.asarray(x, copy=True, requires_grad=True).grad_fn.name())
print(torch.as_tensor(x, dtype=torch.float64).grad_fn.name())
print(torch.empty_strided((2, 3), (1, 2)).stride(), torch.scalar_tensor(3),
      torch.scalar_tensor(3, dtype=torch.int64), torch.scalar_tensor(2.5, requires_grad=True))
print(torch.row_stack((torch.ones(2), torch.zeros(2))))
for make in (lambda: torch.asarray(x, dtype=torch.float64, copy=False),
             lambda: torch.asarray(np.ones(2), dtype=torch.float32, copy=False),
             lambda: torch.asarray([1, 2], requires_grad=True),
             lambda: torch.zeros(2, dtype=torch.int64, requires_grad=True),
             lambda: torch.arange(3, requires_grad=True),
             lambda: torch.ones(2, dtype=torch.int64).requires_grad_(),
             lambda: setattr(torch.ones(2, dtype=torch.int64), "requires_grad", True)):
    try:
        make()
    except (RuntimeError, ValueError) as error:
        print(type(error).__name__, error)
