# Fuzz 20k cause 14 (program 0:3367): cumprod's gradient when the input has a zero anywhere
# takes PyTorch's masked path for every line along the dim (a line without zeros too):
# positions before a line's first zero z1 get reversed_cumsum(result * grad) / input summed
# up to z1 (so a NaN there spreads to the positions before it), z1 gets the product before it
# times the sum up to the second zero, later positions 0.
import torch

nan, inf = float("nan"), float("inf")
v0 = torch.tensor([[[-0.349, 0.958, -0.412, -0.689], [-0.056, -0.971, 0.689, -2.596]],
                   [[1.101, 1.365, 0.019, 0.053], [-1.723, 1.721, nan, 3.367]],
                   [[0.868, -2.729, -0.668, 0.193], [-0.168, -0.0, -0.306, 1.03]]],
                  dtype=torch.float64, requires_grad=True)
v1 = v0.cumprod(2)
v2 = torch.tensor([[[-0.119, -0.903, -2.945, -2.137], [1.694, 0.48, 0.751, -2.157]],
                   [[-1.199, -0.522, 1.853, 1.845], [-1.06, 0.562, -1.371, 0.482]],
                   [[-0.059, 0.526, 1.987, -2.016], [0.066, -1.07, 1.351, -0.452]]],
                  dtype=torch.float64)
v1.backward(gradient=v2)
print(v0.grad)

rows = [
    [[nan, 0.0, 2.0, 3.0], [1.5, 0.0, nan, 2.0], [2.0, 0.0, 3.0, 0.0], [0.0, 0.0, 1.0, 2.0]],
    [[inf, 0.0, 2.0, 3.0], [1.5, 0.0, inf, 2.0], [1e200, 1e200, 0.0, 1e200],
     [0.0, 2.0, 1e300, 1e300]],
    [[1.5, -2.0, 0.0, 0.5], [0.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 0.0], [1.0, 2.0, 3.0, 4.0]],
]
for r in rows:
    for dtype in (torch.float64, torch.float32):
        x = torch.tensor(r, dtype=dtype, requires_grad=True)
        g = torch.tensor([[0.5, -1.25, 2.0, 0.75]] * len(r), dtype=dtype)
        for dim in (1, 0):
            x.grad = None
            x.cumprod(dim).backward(g)
            print(dtype, dim, x.grad)
for r in ([2.0, 0.0, 3.0, 0.0, nan, 2.0], [2.0, 0.0, 3.0, 0.0, inf, 0.0],
          [0.0, 1e300, 1e300, 0.0, 5.0, 1.0]):
    x = torch.tensor(r, dtype=torch.float64, requires_grad=True)
    x.cumprod(0).backward(torch.linspace(-1.0, 2.0, len(r), dtype=torch.float64))
    print(x.grad)
