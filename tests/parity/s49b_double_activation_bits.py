# float64 elu, selu, celu, mish and hypot, forward and gradient, as PyTorch's kernels compute
# them: SLEEF's double expm1 / exp / log1p / tanh / hypot on the vector loop's steps, C's on
# each chunk's tail (which elements: by the vector width and the threads' chunks), and the
# special values' results (NaN, infinities, zeros, denormals, huge) with their bits.
import torch
from _double_bits import bits, values

F = torch.nn.functional
OPS = (("elu", lambda x, y: F.elu(x)), ("selu", lambda x, y: F.selu(x)),
       ("celu", lambda x, y: F.celu(x, 0.7)), ("elu(0.3, scaled)", lambda x, y: F.elu(x, 0.3) * 1),
       ("mish", lambda x, y: F.mish(x)), ("hypot", lambda x, y: torch.hypot(x, y)))
SPECIAL = (float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 5e-324, -1e-310, 1e300, -1e308,
           -40.0, 25.0, 1.0)


def inputs(shape, special):
    x = values(shape, 0.3) * 2
    y = values(shape, 2.9) * 0.7
    if special:  # (every 5th element of x, every 7th of y, a special value in turn)
        flat_x, flat_y = x.view(-1), y.view(-1)
        for i in range(0, flat_x.numel(), 5):
            flat_x[i] = SPECIAL[(i // 5) % len(SPECIAL)]
        for i in range(0, flat_y.numel(), 7):
            flat_y[i] = SPECIAL[(i // 7 + 3) % len(SPECIAL)]
    return x, y


for threads in (1, 2):
    torch.set_num_threads(threads)
    for shape, special in (((5, 7), False), ((64, 33), False), ((37,), True), ((3, 41), True),
                           ((40007,), False)):
        for name, op in OPS:
            x, y = inputs(shape, special)
            x.requires_grad_()
            out = op(x, y)
            out.backward(values(shape, 1.1))
            print(threads, shape, special, name, bits(out.detach()), bits(x.grad))
    # a gradient of one broadcast number (sum's), and a transposed hypot operand
    x = values((16, 9), 0.5).requires_grad_()
    F.mish(x).sum().backward()
    print(threads, "mish of sum", bits(x.grad))
    x.grad = None
    F.selu(x).sum().backward()
    print(threads, "selu of sum", bits(x.grad))
    print(threads, "hypot transposed", bits(torch.hypot(x.detach().t(), values((9, 16), 0.1))))
    # in place (the backward from the result), NaN inputs and NaN gradients: the vector
    # form's product takes a NaN result's own NaN, the scalar form's linear branch g's
    for inplace in (lambda t: F.elu(t, inplace=True), lambda t: F.selu(t, inplace=True),
                    lambda t: F.celu(t, 0.7, inplace=True)):
        for dtype in (torch.float64, torch.float32):
            x, _ = inputs((3, 41), True)
            x = x.to(dtype).requires_grad_()
            out = inplace(x * 1)
            g = values((3, 41), 1.1).to(dtype)
            nan = x.detach() != x.detach()
            g[nan] = -x.detach()[nan]  # (NaN gradients of the other sign, where x is NaN)
            g[:, 1::9] = float("nan")
            (grad,) = torch.autograd.grad(out, x, g)
            print(threads, dtype, "in place", bits(out.detach().double()), bits(grad.double()))
    # other layouts: PyTorch's iterator takes a transposed input's memory order (vectors),
    # a strided one element by element (C's functions), and so a transposed gradient
    for name, op in OPS[:5]:
        x = values((3, 37, 45), 0.7).requires_grad_()
        for layout in (lambda t: t.transpose(1, 2), lambda t: t[:, ::2, 1:]):
            out = op(layout(x), None)
            (grad,) = torch.autograd.grad((out.transpose(-1, -2) * 1.5).sum(), x)
            print(threads, name, "layout", bits(out.detach()), bits(grad))
