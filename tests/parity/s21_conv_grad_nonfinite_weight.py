# A convolution's gradients where a weight or an input value is not finite, as PyTorch's
# oneDNN computes them: the input gradient adds only products of real output-gradient values
# (a NaN tap that would meet a row above the output adds nothing: no NaN on that edge), but
# where the input width is not covered by the strided windows the taps past its edge meet
# zeros (0 * NaN: NaN there); the weight gradient sums only products with real input values
# (no 0 * inf from the padding of the kernels' buffers).
import torch

F = torch.nn.functional
nan, inf = float("nan"), float("inf")


def grads(x, w, **kw):
    x = x.clone().requires_grad_()
    w = w.clone().requires_grad_()
    F.conv2d(x, w, **kw).sum().backward()
    return x.grad, w.grad


v0 = torch.tensor([[[[0.5, -1.0], [1.25, -1.75], [1.0, 0.5], [1.75, 1.25], [0.75, 0.5]],
                    [[-0.5, 0.5], [1.0, 1.0], [-2.0, -0.75], [1.5, 1.25], [0.75, -0.25]]],
                   [[[2.0, -1.75], [0.0, 0.25], [-0.25, -0.5], [-1.75, 1.75], [0.5, -0.25]],
                    [[-1.75, -1.75], [-1.75, 0.0], [0.75, 2.0], [-1.25, -2.0], [-1.0, -1.0]]]])
v1 = torch.tensor([[[[2.09], [nan]], [[-0.081], [-1.651]]]])
gx, gw = grads(v0, v1)
print(gx.tolist())
print(gw.tolist())
x = torch.arange(2 * 3 * 6 * 3, dtype=torch.float32).reshape(2, 3, 6, 3) / 17 - 1
for bad, value in [(10, nan), (4, inf), (0, -inf), (7, nan)]:
    w = (torch.arange(2 * 3 * 2 * 2, dtype=torch.float32).reshape(2, 3, 2, 2) / 7 - 0.8)
    w.view(-1)[bad] = value
    for kw in [dict(stride=2), dict(stride=1), dict(stride=(1, 2), padding=1), dict(padding=1)]:
        gx, gw = grads(x, w, **kw)
        print(bad, value, kw, gx.isnan().sum().item(), gx.nan_to_num(0, 9, -9).sum().item(),
              gw.isnan().int().tolist())
x = torch.arange(2 * 1 * 6 * 5, dtype=torch.float32).reshape(2, 1, 6, 5) / 11 - 1.2
x[0, 0, 5, 2] = nan
gx, gw = grads(x, torch.tensor([[[[0.5], [-1.25]]], [[[2.0], [0.75]]]]))
print(gw.tolist())
