# Fuzz seed 5: the gradient of elu / selu / celu at a NaN input. PyTorch's CPU kernel tests
# x > 0 in its vector loop (a NaN takes the exponential branch: NaN) and x <= 0 in its
# element loop for what is left over (a NaN takes the linear one: grad * scale); the vector
# loop covers whole blocks of 32 float32 / 16 float64 elements in memory order (recorded on
# an AVX-512 machine). Same values under create_graph.
import torch

F = torch.nn.functional
for dtype in (torch.float32, torch.float64):
    for n in (1, 15, 16, 17, 31, 32, 33, 48, 65):
        for f in (F.selu, F.elu, F.celu):
            x = torch.full((n,), float('nan'), dtype=dtype)
            x[::3] = -1.0
            x[1::5] = 2.0
            x.requires_grad_()
            f(x).sum().backward()
            plain = x.grad.isnan().int().tolist()
            (graph,) = torch.autograd.grad(f(x), x, torch.full((n,), 0.5, dtype=dtype,
                                                               requires_grad=True),
                                           create_graph=True)
            print(dtype, n, f.__name__, plain, graph.isnan().int().tolist(),
                  graph.grad_fn.name())
for shape in ((4, 40), (40, 4), (3, 3, 5)):
    base = torch.full(shape, float('nan'))
    base.view(-1)[::3] = -1.0
    x = base.transpose(0, -1).requires_grad_()
    F.selu(x).sum().backward()
    print(shape, x.grad.isnan().int().sum().item(), x.grad.isnan().nonzero()[-3:].tolist())
    y = torch.full((50, 2), float('nan'))[:, 0].requires_grad_()
    F.selu(y).sum().backward()
    print(y.grad.isnan().int().sum().item())
