# Group norm's results and gradients where the input or the incoming gradient holds a NaN of
# either sign: PyTorch's CPU kernel carries that NaN, with its sign, to every result of its
# group (its fused multiply-adds negate operands without touching a NaN's sign). Signs
# printed with signbit. (An infinite input's gradients, NaNs made by inf - inf, are not
# followed yet: their signs depend on each instruction's operand order.)
import torch

F = torch.nn.functional
torch.manual_seed(0)


def signs(t):
    return [(bool(n), bool(s)) for n, s in zip(t.isnan().flatten().tolist(),
                                                  t.signbit().flatten().tolist())]


for dtype in (torch.float32, torch.float64):
    for place in ("x", "dy"):
        for value in (float("nan"), -float("nan")):
            for groups, positions in ((1, 1), (3, 1), (1, 5), (3, 17)):
                x = torch.linspace(-2, 3, 2 * 6 * positions, dtype=dtype).reshape(2, 6, -1)
                x = x.sin().mul(3)
                dy = x.cos()
                w = torch.linspace(-1.5, 2, 6, dtype=dtype)
                if place == "x":
                    x[1, 3, -1] = value
                else:
                    dy[1, 3, -1] = value
                x.requires_grad_()
                w.requires_grad_()
                y = F.group_norm(x, groups, w)
                gx, gw = torch.autograd.grad(y, [x, w], dy)
                print(dtype, place, value, groups, positions)
                print(" y", signs(y.detach()[1]))
                print(" dx", signs(gx[1]))
                print(" dw", signs(gw))
