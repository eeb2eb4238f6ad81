# layer_norm and group_norm report a NaN mean (their saved result1) for a row or group with an
# infinity: their Welford moments merge partial moments at the end, where 0 * inf is NaN
# (fuzz 904:305, a LayerNorm after a Linear of inf, seen by a saved-tensor pack hook).
# group_norm's mean and rstd are outputs of its node, so they are saved, and packed, with
# its grad_fn; layer_norm's are not differentiable.
import torch

F = torch.nn.functional
inf = float("inf")


def pack(t):
    name = t.grad_fn.name() if t.grad_fn is not None else None
    print("  saved", tuple(t.shape), t.requires_grad, name, [round(v, 3) for v in t.flatten().tolist()[:3]])
    return t


for width in (1, 2, 3, 9, 17):
    for value in (inf, -inf):
        row = [0.5 * i for i in range(width)]
        row[-1] = value
        x = torch.tensor([row, [1.0] * width], requires_grad=True)
        print("layer_norm", width, value)
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            y = F.layer_norm(x, [width])
        print("  out", y[1].tolist()[:2])
        print("group_norm", width, value)
        x4 = torch.tensor([[row, row], [[1.0] * width] * 2], requires_grad=True)
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            y = F.group_norm(x4, 2)
        print("  out", y[1, 0].tolist()[:2])
