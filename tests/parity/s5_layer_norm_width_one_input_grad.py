# Fuzz seed 5: layer_norm over one value per row. The input's exact gradient is 0, but
# PyTorch's CPU kernel computes it as (rstd * dy) * gamma + b * x + c with c = -db * rstd,
# leaving a rounding residue of one unit in the last place; the create_graph path
# (NativeLayerNormBackwardBackward0) gives the same values. Printed scaled by 2**20 so the
# residue is visible at the parity tolerance.
import torch

F = torch.nn.functional
x = torch.tensor([[-1.25], [-1.5], [0.3], [2.0]])
g = torch.tensor([[-0.755], [0.3], [1.7], [-2.9]])
for dtype in (torch.float32, torch.float64):
    for weight in (None, torch.tensor([0.75], dtype=dtype)):
        xi = x.to(dtype).requires_grad_()
        out = F.layer_norm(xi, [1], weight, torch.tensor([-0.5], dtype=dtype))
        (plain,) = torch.autograd.grad(out, xi, g.to(dtype), retain_graph=True)
        (graph,) = torch.autograd.grad(out, xi, g.to(dtype).requires_grad_(), create_graph=True)
        print(dtype, weight is None, (plain * 2**20).tolist(), (graph * 2**20).tolist(),
              graph.grad_fn.name())
