# PyTorch's view errors name a view's node without "Backward0" (SplitBackward0: "Split"), but
# keep the digit of other overloads (SqueezeBackward2, squeeze with a tuple of dims:
# "Squeeze2"; SqueezeBackward1: "Squeeze1") (fuzz 53:2962).
import torch

makers = {
    "squeeze dims": lambda v: torch.squeeze(v.view(1, 2, 1), (0, 2)),
    "squeeze dim": lambda v: torch.squeeze(v.view(1, 2), 0),
    "squeeze": lambda v: torch.squeeze(v.view(1, 2)),
    "select": lambda v: v[0],
    "transpose": lambda v: v.t(),
}
for name, make in makers.items():
    x = torch.ones(4, requires_grad=True).clone()
    view = make(x.split(2)[0])
    try:
        view.mul_(2)
    except RuntimeError as error:
        print(name, "in place:", error)
    x.mul_(2)
    try:
        view.grad_fn
    except RuntimeError as error:
        print(name, "after the base changed:", error)
    x = torch.ones(4, requires_grad=True).clone()
    with torch.no_grad():
        piece = x[0:2]
    view = make(piece)
    x.mul_(2)
    try:
        view.grad_fn
    except RuntimeError as error:
        print(name, "of a no-grad view:", error)
