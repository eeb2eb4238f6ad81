# logit's NaN signs by the loop PyTorch runs: an input it walks as one contiguous run goes
# to MKL's log (a negative ratio's NaN without sign bit); an input with gaps or expanded to
# its own loops, whose vector steps (Sleef's log) give every NaN without sign bit (a -NaN
# input too) and whose element loop's float32 logf of a negative ratio sets it (float64's
# does not); eps given and not, float32 and float64.
import numpy as np

import torch

rng = np.random.default_rng(4)
vals = np.array([-1.0, 2.0, np.inf, -np.inf, np.nan, -np.nan, 0.0, -0.0, 1.0, 0.5, -1e-45,
                 1.0000001, 0.25])
for dt in (torch.float32, torch.float64):
    for eps in (None, 0.1, -1.0):
        for shape in ((3, 40), (5, 21), (2, 33), (7, 3), (4, 4, 18), (2, 50)):
            x = torch.tensor(rng.choice(vals, shape), dtype=dt)
            outs = [x, x.transpose(0, -1), x[..., ::2], x[..., 1:], x[..., :17],
                    x[:1].expand(3, *shape[1:])]
            print(dt, eps, shape, [np.signbit(torch.logit(o, eps).numpy()).astype(int).ravel()
                                   .tolist() for o in outs])
            print(torch.logit(x[..., 1:], eps).nan_to_num(0.0, 9.0, -9.0).sum())
