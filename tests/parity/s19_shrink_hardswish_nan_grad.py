# hardshrink's / softshrink's and hardswish's gradient at a NaN input as PyTorch's two CPU
# loops give it: shrink's vector loop (whole AVX-512 vectors) keeps the gradient where
# |x| > lambd (NaN: 0), hardswish's (two vectors at a time) blends the slope in (NaN: NaN);
# their element loops for the rest let a NaN input's gradient through.
import torch

F = torch.nn.functional
nan = float("nan")
for dtype in (torch.float32, torch.float64):
    for n in (3, 8, 16, 24, 40, 70):
        x = torch.linspace(-4, 4, n, dtype=dtype)
        x[0], x[n - 1] = nan, nan
        x.requires_grad_()
        grads = [torch.autograd.grad(fn(x).sum(), x)[0][[0, 1, n - 1]]
                 for fn in (F.hardshrink, F.softshrink, F.hardswish)]
        print(n, *grads)
m = torch.tensor([[nan, 0.25, 2.5, -3.5] * 10] * 2).t().contiguous().t().requires_grad_()
print(torch.autograd.grad(F.hardswish(m), m, torch.ones(2, 40), create_graph=True)[0])
