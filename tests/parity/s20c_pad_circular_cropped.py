# Circular padding whose negative pad crops past the input (F.pad(x, [-4, 1], "circular")):
# PyTorch slices with ATen's clamped bounds, so the pieces are empty (or a copy between
# pieces of different sizes fails as copy_ does), where hookgrad's narrow raised "length must
# be non-negative". (A wrap copied from the never-written part, as [-3, 1] on 3 elements,
# or [3, -3], reads PyTorch's uninitialised memory: not compared.)
import torch

F = torch.nn.functional
for shape, pad in [((1, 1, 3), [-4, 1]), ((1, 1, 3), [1, -4]), ((1, 1, 3), [-2, -1]),
                   ((1, 1, 3), [-3, 0]), ((1, 1, 3), [2, -1]), ((1, 1, 3), [-1, 2]),
                   ((1, 3, 3), [-4, 1, 1, -1]),
                   ((1, 3, 3), [1, 1, -4, 1]), ((1, 3, 3), [-1, 3, 3, -1]),
                   ((1, 2, 2, 2), [1, -3, 0, 0, 1, 1]), ((1, 1, 3), [-5, 2]),
                   ((1, 1, 0), [0, 0])]:
    x = torch.arange(float(torch.zeros(shape).numel())).reshape(shape).requires_grad_()
    try:
        y = F.pad(x, pad, mode="circular")
        names, fn = [], y.grad_fn
        while fn is not None and len(names) < 8:
            names.append(fn.name())
            fn = fn.next_functions[0][0] if fn.next_functions else None
        print(shape, pad, tuple(y.shape), y.tolist(), names)
        if y.numel():
            (g,) = torch.autograd.grad((y * y).sum(), x)
            print("  grad", g.tolist())
    except Exception as error:
        print(shape, pad, type(error).__name__, error)
