# Complex cumsum and trace as PyTorch's CPU kernels compute them: one running sum in order,
# in complex128 for complex64 (its acc_type, complex<double>), each output rounded (before:
# refused); and complex mm / @ of matrices through MKL's cgemm / zgemm, as PyTorch's
# cpublas::gemm calls them (before: NumPy's product, which differed in the last bits of half
# the elements). Bit patterns; gradients, grad_fn names, dtype= and a real input's complex
# gradient (PyTorch's cast and warning).
import random
import warnings

import numpy as np
import torch

random.seed(11)
warnings.simplefilter("ignore")


def words(t):
    array = np.ascontiguousarray(t.detach().numpy())
    return " ".join(f"{w:x}" for w in array.view(np.uint32 if array.itemsize <= 8 else np.uint64).ravel())


def cplx(*shape, dtype):
    n = int(np.prod(shape))
    return torch.tensor([complex(random.uniform(-3, 3) * 10 ** random.randint(-4, 4),
                                 random.uniform(-3, 3) * 10 ** random.randint(-4, 4))
                         for _ in range(n)], dtype=dtype).reshape(shape)


for dtype in (torch.complex64, torch.complex128):
    for shape, dim in (((7,), 0), ((3, 9), 1), ((9, 3), 0), ((2, 5, 4), 1)):
        x = cplx(*shape, dtype=dtype).requires_grad_()
        y = x.cumsum(dim)
        gx, = torch.autograd.grad(y, x, cplx(*shape, dtype=dtype))
        print(dtype, shape, dim, "cumsum", words(y), y.grad_fn.name(), "grad", words(gx))
        if len(shape) > 1:
            print(dtype, shape, dim, "cumsum of transpose", words(x.transpose(0, -1).cumsum(0)))
    for shape in ((4, 4), (3, 6), (6, 2)):
        m = cplx(*shape, dtype=dtype).requires_grad_()
        t = m.trace()
        g, = torch.autograd.grad(t, m, torch.tensor(1.5 - 2j, dtype=dtype), create_graph=True)
        print(dtype, shape, "trace", words(t), t.grad_fn.name(), "grad", words(g), g.grad_fn and g.grad_fn.name())
        print(dtype, shape, "trace of transpose", words(m.t().trace()))
    for m, k, n in ((3, 4, 5), (8, 8, 8), (16, 5, 4), (2, 30, 3), (12, 7, 1), (1, 9, 12)):
        a = cplx(m, k, dtype=dtype)
        b = cplx(k, n, dtype=dtype)
        print(dtype, (m, k, n), "mm", words(a @ b), words(a.mm(b)))
        print(dtype, (m, k, n), "mm of transposes", words(a.t().contiguous().t() @ b),
              words(b.t() @ a.t()))
x = torch.tensor([1 + 1j, 2 - 1j, 3j], requires_grad=True)
y = x.cumsum(0, dtype=torch.complex128)
y.backward(torch.tensor([1j, 2, 3 - 1j], dtype=torch.complex128))
print("cumsum dtype", y.dtype, words(y), x.grad.dtype, words(x.grad))
r = torch.tensor([1., 2., 3.], requires_grad=True)
y = r.cumsum(0, dtype=torch.complex64)
y.backward(torch.tensor([1j, 2, 3 - 1j]))
print("real cumsum into complex64", words(y), r.grad.dtype, words(r.grad))
# mm's gradients: a conjugate transposed operand goes to GEMM with its conjugate transpose
# flag, as PyTorch's mm_mat1_backward / mm_mat2_backward pass it, in each layout's formula
for dtype in (torch.complex64, torch.complex128):
    for m, k, n in ((3, 4, 5), (6, 7, 1), (1, 5, 6), (9, 3, 8)):
        for layout_a in ("rows", "columns"):
            for layout_b in ("rows", "columns"):
                a = cplx(m, k, dtype=dtype) if layout_a == "rows" else cplx(k, m, dtype=dtype).t()
                b = cplx(k, n, dtype=dtype) if layout_b == "rows" else cplx(n, k, dtype=dtype).t()
                a.requires_grad_()
                b.requires_grad_()
                out = a @ b
                ga, gb = torch.autograd.grad(out, (a, b), cplx(m, n, dtype=dtype))
                print(dtype, (m, k, n), layout_a, layout_b, "mm grads", words(ga), ga.stride(),
                      words(gb), gb.stride())
