# Fuzz (27:6002 family): which NaN a whole product (and a product along the contiguous last
# dim) returns when NaNs of both signs meet. PyTorch's reduction kernel (AVX2 build) keeps,
# in whole blocks of 4 vectors, lane 1's NaN over lane 0's and those over later lanes, then
# the last accumulator's, then the earliest block's; the leftover elements' NaN only where
# no block has one, the first of them. Sign bits printed; the gradient follows the product.
import torch

nan = float("nan")
for dtype in (torch.float32, torch.float64):
    for n in (5, 18, 40, 70, 100):
        signs = []
        for i, j in ((0, 1), (1, 0), (0, 8), (8, 0), (2, 9), (9, 2), (1, n - 1), (n - 1, 1),
                     (0, 32), (32, 0), (n - 2, n - 1), (3, n // 2)):
            if max(i, j) >= n:
                continue
            x = torch.ones(n, dtype=dtype)
            x[i], x[j] = nan, -nan
            signs.append(int(torch.signbit(x.prod())))
        print(dtype, n, signs)
    x = torch.ones(3, 70, dtype=dtype)
    x[0, 0], x[0, 33] = nan, -nan
    x[1, 8], x[1, 1] = -nan, nan
    x[2, 69], x[2, 68] = -nan, nan
    print(dtype, "rows", torch.signbit(x.prod(1)).tolist(), torch.signbit(x.prod(-1, True)).tolist())
    w = torch.ones(40, dtype=dtype)
    w[0], w[16] = -nan, nan
    w.requires_grad_()
    w.prod().backward()
    print(dtype, "grad", torch.signbit(w.grad).int().tolist())
