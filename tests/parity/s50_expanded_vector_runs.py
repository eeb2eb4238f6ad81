# 104:18707: PyTorch's CPU loop over an expanded input still runs its vector loop over each
# run of merged inner dims (the input stepping by one element, or by none: a broadcast value),
# whole 64-byte blocks of each, the rest element by element; the two loops differ in
# softshrink's zeros (+0 / -0) and in which branch a NaN takes in the hardtanh, hardshrink,
# softshrink and relu6 gradients. Printed as bits.
import hashlib
import warnings

import torch

F = torch.nn.functional
torch.set_num_threads(1)
warnings.simplefilter("ignore")


def bits(t):
    return hashlib.md5(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


row = torch.tensor([-0.4, -0.2, 0.25, float("nan"), 0.7, -0.0, 0.1, -0.9, float("nan"), 0.3,
                    -0.1, 0.45, -0.6, 0.05, float("nan"), -0.3, 0.2])
for shape, view in ((("17 -> (3, 17)"), lambda x: x.expand(3, 17)),
                    (("(2, 8) -> (3, 2, 8)"), lambda x: x[:16].reshape(2, 8).expand(3, 2, 8)),
                    (("(1,) -> (40,)"), lambda x: x[3:4].expand(40)),
                    (("(1,) -> (40,) of -0.2"), lambda x: x[1:2].expand(40)),
                    (("(4, 1) -> (4, 20)"), lambda x: x[:4].reshape(4, 1).expand(4, 20)),
                    (("(2, 1, 8) -> (2, 3, 8)"), lambda x: x[:16].reshape(2, 1, 8).expand(2, 3, 8))):
    for name, op in (("softshrink", F.softshrink), ("hardshrink", F.hardshrink),
                     ("hardtanh", lambda v: F.hardtanh(v, -0.5, 0.5)), ("relu6", F.relu6)):
        for dtype in (torch.float32, torch.float64):
            x = row.to(dtype).requires_grad_()
            y = op(view(x))
            grad = torch.linspace(-1, 1, y.numel(), dtype=dtype).reshape(y.shape)
            (g,) = torch.autograd.grad([y], [x], grad)
            print(shape, name, str(dtype)[6:], bits(y), bits(g))
