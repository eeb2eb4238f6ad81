# Logical ops on complex tensors (a complex number is true where it is not zero, NaN too), and
# comparisons / logical ops in place with a complex operand: PyTorch computes in the complex
# dtype and copies the 0 / 1 results back, warning once that the copy drops imaginary parts.
import warnings

import torch

warnings.simplefilter("always")
z = torch.tensor([0j, 1j, float("nan") + 0j, 2 + 0j, complex(0.0, -0.0)])
f = torch.tensor([1.0, 0.0, 0.0, 2.0, 1.0])
for name in ("logical_and", "logical_or", "logical_xor"):
    op = getattr(torch, name)
    print(name, op(z, f), op(f, z), op(z, z.to(torch.complex128)), op(z, torch.tensor(True)))
print(torch.logical_not(z), z.logical_not(), z.clone().logical_not_())
written = z.clone()
print(written.logical_and_(f), written.dtype)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for name in ("eq_", "ne_", "logical_and_", "logical_or_", "logical_xor_"):
        print(name, getattr(f.clone(), name)(z), getattr(z.clone(), name)(f))
print([(w.category.__name__, str(w.message)) for w in caught])
print(torch.tensor([1, 0, 2, 3, 0]).logical_and_(z), torch.tensor([True] * 5).logical_xor_(z))
for name in ("lt_", "ge_"):
    try:
        getattr(f.clone(), name)(z)
    except NotImplementedError as error:
        print(name, "NotImplementedError:", error)
leaf = torch.tensor([1.0, 2.0, 0.0, 2.0, 1.0], requires_grad=True)
compared = leaf * 1
print(compared.eq_(z), compared.grad_fn.name())
compared.sum().backward()
print(leaf.grad)
