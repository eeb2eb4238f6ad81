# var / std with no degrees of freedom (correction >= numel, no dim or a 0-d input): the
# gradient is grad * (NaN where the input equals its mean, inf elsewhere); an infinite input
# equals its infinite mean (NaN), though their difference is NaN too.
import warnings

import torch

warnings.simplefilter("ignore")
inf = float("inf")
for values, kwargs in [(inf, {"dim": 0}), (-inf, {"dim": 0}), (2.0, {"dim": 0}),
                       ([-inf], {}), ([inf, inf], {"correction": 2}),
                       ([inf, -inf], {"correction": 2}), ([1.0, 3.0], {"correction": 3})]:
    for op in (torch.var, torch.std):
        for create_graph in (False, True):
            x = torch.tensor(values, requires_grad=True)
            (g,) = torch.autograd.grad(op(x, **kwargs), x, create_graph=create_graph)
            print(op.__name__, values, kwargs, create_graph, g.tolist(),
                  type(g.grad_fn).__name__ if g.grad_fn is not None else None)
