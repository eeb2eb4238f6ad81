# Complex addmm and F.linear with a bias (AddmmBackward0; 3-d inputs and a 1-d input through
# its views, no bias through mm): the bias copied into the result and MKL's cgemm / zgemm
# adding the product, as PyTorch's addmm; gradients with GEMM's conjugate transpose flag, the
# bias's summed in PyTorch's order (before: refused). Bit patterns. A complex alpha or beta
# other than 1 still refuses (its gradients' products by a number are not PyTorch's bits);
# a real bias with complex matrices is PyTorch's dtype error.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(6)


def words(t):
    array = np.ascontiguousarray(t.detach().numpy())
    return " ".join(f"{w:x}" for w in array.view(np.uint32 if array.itemsize <= 8 else np.uint64).ravel())


def cplx(shape, dtype):
    return torch.from_numpy((rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype))


def err(f):
    try:
        return f()
    except Exception as e:
        return f"{type(e).__name__}: {e}"


for dtype in (np.complex64, np.complex128):
    for shape in ((2, 3, 4), (5, 4), (4,)):
        x, w, b = cplx(shape, dtype).requires_grad_(), cplx((3, 4), dtype).requires_grad_(), \
            cplx((3,), dtype).requires_grad_()
        for bias in (b, None):
            out = F.linear(x, w, bias)
            inputs = [t for t in (x, w, bias) if t is not None]
            grads = torch.autograd.grad(out, inputs, cplx(tuple(out.shape), dtype))
            print(dtype.__name__, shape, bias is None, "linear", words(out), out.grad_fn.name(),
                  [words(g) for g in grads])
    for m, k, n in ((3, 4, 5), (6, 2, 7), (1, 3, 2)):
        bias = cplx((m, n), dtype).requires_grad_()
        row = cplx((n,), dtype).requires_grad_()
        a, b = cplx((m, k), dtype).requires_grad_(), cplx((k, n), dtype).requires_grad_()
        for c in (bias, row):
            out = torch.addmm(c, a, b)
            grads = torch.autograd.grad(out, (c, a, b), cplx((m, n), dtype))
            print(dtype.__name__, (m, k, n), tuple(c.shape), "addmm", words(out),
                  out.grad_fn.name(), [words(g) for g in grads])
        out = torch.addmm(bias, a.t().contiguous().t(), b.t().contiguous().t())
        grads = torch.autograd.grad(out, (a, b), cplx((m, n), dtype))
        print(dtype.__name__, (m, k, n), "addmm of column-major", words(out),
              [(words(g), g.stride()) for g in grads])
c = cplx((2, 2), np.complex64)
print(err(lambda: torch.addmm(c.real, c, c)))
print(err(lambda: F.linear(c, c, torch.zeros(2))))
print(err(lambda: F.linear(c, c.real)))
