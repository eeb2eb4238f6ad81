# clamp between two tensors on +0 / -0 ties (fuzz 73:17550): the vector loop returns each
# comparison's second operand, the element loop (each row's tail, one-element inputs) the first.
import itertools
import numpy as np
import torch
vals = [-0.0, 0.0, -1.0, 1.0]
rows = []
for dtype in (torch.float32, torch.float64):
    for n in (1, 20):
        for xv, lv, hv in itertools.product(vals, [-0.0, 0.0, -1.0], [-0.0, 0.0, 1.0]):
            x = torch.full((n,), xv, dtype=dtype); lo = torch.full((n,), lv, dtype=dtype); hi = torch.full((n,), hv, dtype=dtype)
            r = torch.clamp(x, lo, hi)
            rows.append("%s %d %s %s %s -> %s %s" % (str(dtype)[6:], n, xv, lv, hv, r[0].item(), np.signbit(r.numpy()).astype(int).tolist()[:1] + np.signbit(r.numpy()).astype(int).tolist()[-1:]))
print("\n".join(rows))
# broadcast bounds, a transposed input, mixed-dtype bounds
x = torch.tensor([[-0.0, 0.0, -1.0, 2.0, -0.0] * 4] * 3).t()
lo = torch.tensor([0.0, -0.0, 0.0])
hi = torch.zeros(20, 1)
print(np.signbit(torch.clamp(x, lo, hi).numpy()).astype(int).tolist())
print(np.signbit(torch.clamp(x, lo.double(), hi).numpy()).astype(int).tolist())
print(np.signbit(torch.clamp(x.t(), lo[:, None], -hi.t()).numpy()).astype(int).tolist())
