# Fuzz seed 1 (g1): the nodes the gradient formulas record under create_graph, as PyTorch's
# (names and next_functions, three levels down from .grad's CopyBackwards).
import warnings

import torch

warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)


def nx(fn, depth=3):
    if fn is None or depth == 0:
        return None if fn is None else fn.name()
    return [fn.name(), [nx(f, depth - 1) for f, _ in fn.next_functions]]


# xlogy(tensor, number): no masked_fill for a positive number
for other in (0.5, 0.0, -1.0, float("nan"), 2):
    a = torch.tensor([0.0, 1.5, -2.0], requires_grad=True)
    (a.xlogy(other) * a).sum().backward(create_graph=True)
    print("xlogy", other, a.grad, nx(a.grad.grad_fn))
