# PyTorch's autograd layer saves the inputs of convolution, nll_loss and multi_margin_loss
# (calling the saved_tensors_hooks pack hook) before their kernels' checks: a call with the
# wrong channels, groups, stride, bias size, or an out-of-range / wrong-dtype target has packed
# the input and weight (convolution: both, whichever needs a gradient) or input, target and
# weight (the losses) first. Checks of the composite forms (conv1d's batch dims, nll_loss's
# batch sizes) come before any pack. Their messages in PyTorch's order (fuzz 56:12402).
import torch

F = torch.nn.functional
NAMES = {}


def pack(t):
    fn = t.grad_fn.name() if t.grad_fn is not None else "-"
    print("  pack", NAMES.get(id(t), "?"), tuple(t.shape), t.dtype, fn, t.requires_grad)
    return t


def T(name, *shape, rg=False, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    t = (torch.arange(n, dtype=dtype).reshape(shape) * 0.1 + 0.3).requires_grad_(bool(rg))
    NAMES[id(t)] = name
    return t


def I(name, data, dtype=torch.int64):
    t = torch.tensor(data, dtype=dtype)
    NAMES[id(t)] = name
    return t


two = [
    ("conv1d channels", lambda g: F.conv1d(T("x", 1, 2, 5, rg=g[0]), T("w", 3, 4, 2, rg=g[1]))),
    ("conv1d bias", lambda g: F.conv1d(T("x", 1, 2, 5, rg=g[0]), T("w", 3, 2, 2, rg=g[1]), T("b", 4))),
    ("conv1d groups", lambda g: F.conv1d(T("x", 1, 3, 5, rg=g[0]), T("w", 3, 1, 2, rg=g[1]), groups=2)),
    ("conv1d kernel", lambda g: F.conv1d(T("x", 1, 2, 2, rg=g[0]), T("w", 3, 2, 4, rg=g[1]))),
    ("conv1d 4d weight", lambda g: F.conv1d(T("x", 1, 2, 5, rg=g[0]), T("w", 3, 2, 2, 2, rg=g[1]))),
    ("conv1d 4d input", lambda g: F.conv1d(T("x", 1, 1, 2, 5, rg=g[0]), T("w", 3, 2, 2, rg=g[1]))),
    ("conv2d unbatched", lambda g: F.conv2d(T("x", 3, 4, 4, rg=g[0]), T("w", 3, 2, 2, 2, rg=g[1]))),
    ("conv2d stride 0", lambda g: F.conv2d(T("x", 1, 2, 4, 4, rg=g[0]), T("w", 3, 2, 2, 2, rg=g[1]), stride=0)),
    ("conv2d padding -1", lambda g: F.conv2d(T("x", 1, 2, 4, 4, rg=g[0]), T("w", 3, 2, 2, 2, rg=g[1]), padding=-1)),
    ("conv2d dtype", lambda g: F.conv2d(T("x", 1, 2, 4, 4, rg=g[0]), T("w", 3, 2, 2, 2, rg=g[1], dtype=torch.float64))),
    ("conv2d bias dtype", lambda g: F.conv2d(T("x", 1, 2, 4, 4, rg=g[0]), T("w", 3, 2, 2, 2, rg=g[1]), T("b", 3, dtype=torch.float64))),
    ("conv_transpose1d", lambda g: F.conv_transpose1d(T("x", 1, 2, 5, rg=g[0]), T("w", 3, 4, 2, rg=g[1]))),
    ("conv_transpose2d groups", lambda g: F.conv_transpose2d(T("x", 1, 3, 4, 4, rg=g[0]), T("w", 3, 2, 2, 2, rg=g[1]), groups=2)),
    ("conv_transpose2d output_padding", lambda g: F.conv_transpose2d(T("x", 1, 2, 4, 4, rg=g[0]), T("w", 2, 2, 2, 2, rg=g[1]), output_padding=3)),
    ("conv_transpose2d too small", lambda g: F.conv_transpose2d(T("x", 1, 2, 1, 1, rg=g[0]), T("w", 2, 2, 1, 1, rg=g[1]), padding=1)),
    ("nll weight", lambda g: F.nll_loss(T("x", 2, 3, rg=g[0]), I("t", [0, 9]), weight=T("w", 3, rg=g[1]))),
    ("cross_entropy weight", lambda g: F.cross_entropy(T("x", 2, 3, rg=g[0]), I("t", [0, 9]), weight=T("w", 3, rg=g[1]))),
    ("cross_entropy probabilities", lambda g: F.cross_entropy(T("x", 2, 3, rg=g[0]), T("t", 2, 4, rg=g[1]))),
    ("multi_margin weight", lambda g: F.multi_margin_loss(T("x", 2, 3, rg=g[0]), I("t", [0, 9]), weight=T("w", 3, rg=g[1]))),
]
one = [
    ("nll", lambda: F.nll_loss(T("x", 2, 3, rg=True), I("t", [0, 9]))),
    ("nll negative", lambda: F.nll_loss(T("x", 2, 3, rg=True), I("t", [0, -3]), reduction="none")),
    ("nll float target", lambda: F.nll_loss(T("x", 2, 3, rg=True), T("t", 2))),
    ("nll int32 target", lambda: F.nll_loss(T("x", 2, 3, rg=True), I("t", [0, 1], torch.int32))),
    ("nll 2-d target", lambda: F.nll_loss(T("x", 2, 3, rg=True), I("t", [[0, 1], [1, 0]]))),
    ("nll weight size", lambda: F.nll_loss(T("x", 2, 3, rg=True), I("t", [0, 1]), weight=T("w", 4))),
    ("nll float target, weight size", lambda: F.nll_loss(T("x", 2, 3, rg=True), T("t", 2), weight=T("w", 4))),
    ("nll batch", lambda: F.nll_loss(T("x", 2, 3, rg=True), I("t", [0, 1, 2]))),
    ("nll 1-d input", lambda: F.nll_loss(T("x", 3, rg=True), I("t", 9))),
    ("nll 1-d input, 2 targets", lambda: F.nll_loss(T("x", 3, rg=True), I("t", [0, 1]))),
    ("nll2d", lambda: F.nll_loss(T("x", 1, 3, 2, 2, rg=True), I("t", [[[0, 9], [1, 1]]]))),
    ("nll2d weight size", lambda: F.nll_loss(T("x", 1, 3, 2, 2, rg=True), I("t", [[[0, 1], [1, 1]]]), weight=T("w", 4))),
    ("nll2d target size", lambda: F.nll_loss(T("x", 1, 3, 2, 2, rg=True), I("t", [[[0, 1, 1], [1, 1, 1]]]))),
    ("nll2d float target", lambda: F.nll_loss(T("x", 1, 3, 2, 2, rg=True), T("t", 1, 2, 3), weight=T("w", 4))),
    ("nll2d 2-d target", lambda: F.nll_loss(T("x", 1, 3, 2, 2, rg=True), I("t", [[0, 1]]))),
    ("nll 3-d input", lambda: F.nll_loss(T("x", 1, 3, 2, rg=True), I("t", [[0, 9]]))),
    ("nll 3-d input weight size", lambda: F.nll_loss(T("x", 1, 3, 2, rg=True), I("t", [[0, 1]]), weight=T("w", 4))),
    ("cross_entropy", lambda: F.cross_entropy(T("x", 2, 3, rg=True), I("t", [0, 9]))),
    ("cross_entropy smoothing", lambda: F.cross_entropy(T("x", 2, 3, rg=True), I("t", [0, 9]), label_smoothing=0.1)),
    ("CrossEntropyLoss", lambda: torch.nn.CrossEntropyLoss()(T("x", 2, 3, rg=True), I("t", [0, 9]))),
    ("multi_margin", lambda: F.multi_margin_loss(T("x", 2, 3, rg=True), I("t", [0, 9]))),
    ("multi_margin float target", lambda: F.multi_margin_loss(T("x", 2, 3, rg=True), T("t", 2))),
    ("multi_margin byte target", lambda: F.multi_margin_loss(T("x", 2, 3, rg=True), I("t", [1, 1], torch.uint8))),
    ("multi_margin target size", lambda: F.multi_margin_loss(T("x", 2, 3, rg=True), I("t", [0, 1, 2]))),
    ("multi_margin 2-d target", lambda: F.multi_margin_loss(T("x", 2, 3, rg=True), I("t", [[1, 1]]))),
    ("multi_margin 1-d input", lambda: F.multi_margin_loss(T("x", 3, rg=True), I("t", [0, 1]))),
    ("multi_margin empty", lambda: F.multi_margin_loss(T("x", 2, 0, rg=True), I("t", [1, 1]))),
    ("multi_margin 3-d", lambda: F.multi_margin_loss(T("x", 2, 3, 1, rg=True), I("t", [1, 1]))),
    ("multi_margin weight size", lambda: F.multi_margin_loss(T("x", 2, 3, rg=True), I("t", [0, 5]), weight=T("w", 4))),
]
runs = [(n, (lambda f=f, g=g: f(g)), g) for n, f in two for g in ((1, 0), (0, 1), (1, 1))]
runs += [(n, f, "") for n, f in one]
for name, f, g in runs:
    NAMES.clear()
    print(name, g)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        try:
            f()
            print("  ok")
        except Exception as e:
            print("  ", type(e).__name__, e)
