# binary_cross_entropy_with_logits' gradients round as PyTorch's formulas
# (binary_cross_entropy_with_logits_backward / _target_backward) without create_graph too:
# (sigmoid(x) - t) [or ((w_p t + 1) - t) sigmoid(x) - w_p t] times the incoming gradient,
# then times the weight, then divided by numel for 'mean' -- not the incoming gradient
# scaled first. Inputs whose sigmoid both libraries round alike (PyTorch's exp is glibc's
# or SLEEF's).
# Bit patterns (sweep s41a, no fuzz id).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


inputs = {
    torch.float32: [-0.39456844329833984, -2.2281343936920166, -0.023042935878038406,
                    -0.887162446975708, 2.3322556018829346, 1.306177020072937,
                    -0.048287227749824524, 1.3367620706558228, -0.6797391176223755,
                    2.104252815246582, -0.010799121111631393, 1.166764736175537],
    torch.float64: [-0.3528121318115164, -0.41186066050643294, 1.4049259102410885,
                    1.0398152740677968, -2.0673516641473775, -0.15836263723168367,
                    0.07057369732294827, -2.108969244098221, 0.5196782013487267,
                    -1.7159129543530878, 1.9441334158340855, 0.3854918252101448],
}
rng = np.random.default_rng(3)
ts, ws, ps = rng.uniform(0.01, 0.99, (3, 12))
for dtype, xs in inputs.items():
    for reduction in ("mean", "sum", "none"):
        for weighted in (False, True):
            for pos in (False, True):
                x = torch.tensor(xs, dtype=dtype, requires_grad=True)
                t = torch.tensor(ts, dtype=dtype, requires_grad=True)
                w = torch.tensor(ws, dtype=dtype) if weighted else None
                p = torch.tensor(ps * 2, dtype=dtype) if pos else None
                y = F.binary_cross_entropy_with_logits(x, t, weight=w, pos_weight=p,
                                                       reduction=reduction)
                go = torch.linspace(-1.3, 1.7, y.numel(), dtype=dtype).reshape(y.shape)
                gx, gt = torch.autograd.grad(y, (x, t), go)
                print(dtype, reduction, weighted, pos, "input", bits(gx))
                if not pos:  # (with pos_weight: log_sigmoid, SLEEF's log1p / exp in PyTorch)
                    print(dtype, reduction, weighted, pos, "target", bits(gt))
