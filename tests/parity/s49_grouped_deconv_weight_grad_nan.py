# A grouped transposed convolution's weight gradient with an infinite input: oneDNN's direct
# backward-weights kernels (depthwise, or channels per group in multiples of 8) leave out the
# padding, so a tap that meets only padding next to the infinity keeps a finite sum; its GEMM
# (other shapes) multiplies the padding's zeros and gives NaN. On AVX-512 as on AVX2, the AVX2
# kernels' rule (92:1390: a depthwise conv_transpose1d of width 2, padding 1).
import torch

torch.set_num_threads(1)
F = torch.nn.functional
CASES = [  # groups, in / out channels per group, kernel, stride, padding, input size, batch
    (2, 1, 1, (1, 2), (1, 1), (0, 1), (1, 2), 2), (3, 1, 1, (1, 3), (1, 2), (0, 1), (1, 4), 1),
    (5, 1, 1, (2, 3), (1, 3), (1, 0), (5, 1), 2), (4, 1, 1, (1, 3), (1, 3), (0, 2), (1, 2), 1),
    (2, 8, 16, (1, 4), (1, 3), (0, 3), (1, 3), 1), (2, 8, 16, (1, 3), (1, 2), (0, 3), (1, 5), 1),
    (3, 8, 8, (2, 3), (1, 1), (1, 1), (3, 4), 2), (2, 16, 8, (2, 4), (1, 1), (0, 2), (5, 4), 1),
    (4, 2, 4, (3, 2), (1, 3), (2, 1), (4, 2), 2), (6, 16, 16, (1, 3), (1, 1), (0, 2), (3, 6), 3),
]
for i, (g, cin, cout, k, s, p, hw, n) in enumerate(CASES):
    x = (torch.arange(n * g * cin * hw[0] * hw[1], dtype=torch.float32) % 7 - 3) / 4
    x = x.reshape(n, g * cin, *hw)
    x[0, -1, hw[0] // 2, hw[1] - 1] = float("inf")
    w = ((torch.arange(g * cin * cout * k[0] * k[1], dtype=torch.float32) % 5 - 2) / 4)
    w = w.reshape(g * cin, cout, *k).requires_grad_()
    y = F.conv_transpose2d(x, w, None, s, p, groups=g)
    grad = (torch.arange(y.numel(), dtype=torch.float32) % 3 - 1).reshape(y.shape) / 2
    y.backward(grad)
    print(i, tuple(y.shape), int(w.grad.isnan().sum()), w.grad.nan_to_num(7.0).sum().item())

# the fuzzer's program, 1-d
v1 = torch.tensor([[[0.0, 1.5], [1.25, float("inf")]], [[0.75, -0.75], [-1.75, 0.75]]],
                  requires_grad=True)
v2 = torch.tensor([[[1.238, -1.273]], [[-0.553, -2.858]]], requires_grad=True)
v3 = torch.tensor([1.15, 0.048], requires_grad=True)
F.conv_transpose1d(v1, v2, v3, groups=2, padding=1).sum().backward()
print(v2.grad.tolist(), v1.grad.tolist())
