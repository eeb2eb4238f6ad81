# Tensor.untyped_storage(), data_ptr(), storage_offset() and the deprecated storage().
import warnings

import torch

x = torch.arange(12.0).reshape(3, 4)
s = x.untyped_storage()
print(type(s).__name__, s.data_ptr() == x.data_ptr(), s.nbytes(), s.size(), len(s),
      s.element_size(), s.device, s.is_cuda)
view = x[1:, 2:]
print('view', view.untyped_storage().data_ptr() == s.data_ptr(), view.storage_offset(),
      view.untyped_storage().nbytes(), view.data_ptr() - x.data_ptr(),
      view.untyped_storage() is s)
print('offsets', x.storage_offset(), x.t().storage_offset(), x[2].storage_offset(),
      x[:, 1].storage_offset(), x.view(-1)[5:].storage_offset(), x[1, 3].storage_offset())
y = x.clone()
print('clone shares', y.untyped_storage().data_ptr() == s.data_ptr())
print('detach shares', x.detach().untyped_storage().data_ptr() == s.data_ptr())
print('contiguous of transpose shares', x.t().contiguous().untyped_storage().data_ptr()
      == s.data_ptr())
p = torch.nn.Parameter(torch.ones(2, 2))
print('parameter', p.untyped_storage().nbytes(), p[1].storage_offset())
print(torch.tensor([1.0, 2.0]).untyped_storage())
print(torch.tensor([1, 2], dtype=torch.int32).untyped_storage().tolist())
print(s[4], s[5], s[-1])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    typed = x.storage()
    x.storage()
print([str(w.message)[:60] for w in caught])
print(type(typed).__name__, typed.size(), len(typed), typed.dtype, typed.nbytes(),
      typed.element_size(), typed.data_ptr() == x.data_ptr(), typed[1], typed.tolist()[:3])
print(torch.tensor([1.0, 2.0]).storage())
print(x[1].storage().size(), torch.zeros(2, dtype=torch.long).storage().dtype)


def shares_memory(a, b):  # how serialization code finds shared storages
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


lin = torch.nn.Linear(3, 3)
print(shares_memory(lin.weight, lin.weight[0]), shares_memory(lin.weight, lin.bias))
