# Issue 11 (fuzz): a differentiable reduction or scan asked (dtype=) for an integer or bool
# result of an input that requires grad raises PyTorch's "Autograd not support dtype";
# without grad mode, or for a floating dtype, it works.
import torch

x = torch.tensor([[1.5, -2.25, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
empty = torch.zeros((0, 2, 3)).requires_grad_()
cases = [
    ("sum", lambda t, d: torch.sum(t, dtype=d)),
    ("sum dim", lambda t, d: t.sum(1, dtype=d)),
    ("nansum", lambda t, d: t.nansum(1, dtype=d)),
    ("prod", lambda t, d: torch.prod(t, -1, dtype=d)),
    ("prod all", lambda t, d: t.prod(dtype=d)),
    ("cumsum", lambda t, d: t.cumsum(0, dtype=d)),
    ("cumprod", lambda t, d: torch.cumprod(t, 1, dtype=d)),
]
for name, run in cases:
    for dtype in (torch.int64, torch.int32, torch.uint8, torch.bool, torch.float64):
        for source in (x, empty):
            try:
                result = run(source, dtype)
                print(name, dtype, result.dtype, result.requires_grad, result.shape)
            except RuntimeError as error:
                print(name, dtype, type(error).__name__, error)
    with torch.no_grad():
        print(name, "no_grad", run(x, torch.int64))
    print(name, "detached", run(x.detach(), torch.int16))
