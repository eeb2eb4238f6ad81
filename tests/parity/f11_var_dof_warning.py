# Issue 11 (fuzz): var/std/var_mean/std_mean warn "degrees of freedom is <= 0" when the
# reduction factor (input numel over output numel, 0 for an empty output) is at most the
# correction, also when the output is empty while the reduced dims are not.
import warnings

import torch

shapes = [(0, 2), (2, 5, 0), (4, 2), (1, 3), (3,), (), (0,)]
for shape in shapes:
    x = torch.zeros(shape, requires_grad=True)
    for name in ("var", "std", "var_mean", "std_mean"):
        for dims, correction in ((None, 1), ((-1,), 1), ((0,), 0), ((0,), 2)):
            if dims is not None and not shape:
                continue
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                result = getattr(torch, name)(x, dims, correction=correction)
            shown = result if isinstance(result, torch.Tensor) else result[0]
            print(shape, name, dims, correction, tuple(shown.shape),
                  [str(w.message).split(".")[0] for w in caught])
