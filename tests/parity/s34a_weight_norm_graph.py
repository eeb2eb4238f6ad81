# Weight norm's graphs as PyTorch's: the fused WeightNormInterfaceBackward0 (dim 0 or last)
# differentiates through _weight_norm_differentiable_backward (its saved norms are constants:
# no LinalgVectorNormBackward0 in the double-backward graph; the sum along each direction is
# a view, a sum and a view back), and norm_except_dim is at::norm op by op (NormBackward0 /
# NormBackward1 over a view of rows or columns, a middle dim transposed to the front).
# (The norm family of fuzz 32:10237.)
import torch
from _graph_order import graph


for dim, v_shape, g_shape in [(0, (2, 3), (2, 1)), (1, (2, 3), (1, 3)), (2, (3, 2, 2), (1, 1, 2)),
                              (1, (3, 2, 2), (1, 2, 1)), (-1, (2, 3), ())]:
    n = torch.Size(v_shape).numel()
    v = torch.linspace(-1, 1.3, n, dtype=torch.float64).reshape(v_shape).requires_grad_()
    g = torch.linspace(0.5, 1.5, max(1, torch.Size(g_shape).numel()),
                       dtype=torch.float64).reshape(g_shape).requires_grad_()
    print(dim, "norm_except_dim", graph(torch.norm_except_dim(v, 2, dim)),
          graph(torch.norm_except_dim(v.transpose(0, -1), 3, 0)))
    w = torch._weight_norm(v, g, dim)
    go = torch.linspace(-0.3, 0.9, w.numel(), dtype=torch.float64).reshape(w.shape)
    gv, gg = torch.autograd.grad(w, (v, g), go.requires_grad_(), create_graph=True)
    print("  gv", graph(gv))
    print("  gg", graph(gg))
    hs = torch.autograd.grad((gv * gv).sum() + (gg * gg).sum(), (v, g, go), create_graph=True)
    for h in hs:
        print("  h", graph(h))
    print("  ", [round(h.sum().item(), 6) for h in hs])
