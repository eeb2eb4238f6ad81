# Ops added for the fuzzer's missing-op tasks, as they print: return types (mode, kthvalue,
# nanmedian), unique with inverse and counts, searchsorted / bucketize / bincount, det / inv
# and the singular-matrix error, quantile, the dtypes hookgrad has no tensors of (by name).
import torch
x = torch.tensor([[1., 2., 2., 3.], [5., 5., 1., 1.]], requires_grad=True)
print(x.mode(1))
print(torch.kthvalue(x, 3, 1, True))
n = torch.tensor([[0.5, float('nan'), 2.0], [float('nan'), 1.0, -1.0]], requires_grad=True)
print(n.nanmedian(), n.nanmedian(1))
print(torch.quantile(x, torch.tensor([0.25, 0.5]), dim=1, keepdim=True))
print(x.nanquantile(0.3, interpolation='midpoint'))
print(torch.unique(torch.tensor([[1, 2], [1, 2], [0, 5]]), dim=0, return_inverse=True,
                   return_counts=True))
print(torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 1, 3, 3])))
b = torch.tensor([1., 3., 5.])
print(torch.searchsorted(b, torch.tensor([[0., 3., 6.]])), torch.bucketize(3., b, right=True))
print(torch.bincount(torch.tensor([0, 2, 2, 5])), torch.bincount(torch.tensor([1, 1]), minlength=4))
print(torch.bincount(torch.tensor([0, 2, 2]), weights=torch.tensor([0.5, 1., 2.])))
a = torch.tensor([[2., 1.], [0.5, 3.]], requires_grad=True)
print(torch.linalg.det(a), a.det(), torch.linalg.inv(a), torch.inverse(a))
try:
    torch.linalg.inv(torch.tensor([[1., 2.], [2., 4.]]))
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.linalg.det(torch.ones(2, 3))
except RuntimeError as e:
    print(e)
print(torch.bfloat16, torch.complex64, torch.cfloat, torch.cdouble, torch.complex128)
print(torch.bfloat16.is_floating_point, torch.complex64.is_complex, torch.float32.is_complex)
print(torch.kron(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[0, 1], [1, 0]])))
print(torch.block_diag(torch.tensor([[1, 2]]), torch.tensor(3), torch.tensor([4, 5])))
print(torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4, 5])))
print(torch.tensor([[1., 2., 3.], [4., 5., 6.]]).tensor_split(2, dim=1))
print(torch.atleast_2d(torch.tensor(1.), torch.tensor([1., 2.])))
print(torch.rot90(torch.arange(6.).reshape(2, 3)), torch.diag_embed(torch.tensor([1., 2.]), 1))
