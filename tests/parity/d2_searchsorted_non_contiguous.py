# searchsorted (and bucketize, which runs it) warns once per program for each non-contiguous
# operand it copies: the values, the boundaries, the sorter (every time under
# set_warn_always), at the user's line.
import warnings

import torch

s = torch.tensor([-0.25, 0.25])
v = torch.tensor([[-0.25, 0.5, -1.5]]).expand(3, 1, 3)
with warnings.catch_warnings(record=True) as caught:
    warnings.filterwarnings("always", append=True)
    print(torch.bucketize(v, s))
    print(torch.bucketize(torch.tensor([1.0, 2]), torch.tensor([1.0, 2, 3, 4])[::2]))
    print(torch.searchsorted(s, v))
    print(torch.searchsorted(s, 0.5))
    print(torch.searchsorted(torch.tensor([[1.0, 2], [3, 4]]).t(),
                             torch.tensor([[1.0, 2], [3, 4]])))
    print(torch.searchsorted(torch.tensor([1.0, 2, 3, 4])[::2], torch.tensor([1.0, 2]),
                             sorter=torch.tensor([0, 1])))
    print(torch.searchsorted(torch.tensor([1.0, 2]), torch.tensor([1.0, 2]),
                             sorter=torch.tensor([0, 0, 1, 1])[::2]))
    torch.set_warn_always(True)
    print(torch.searchsorted(s, v, right=True))
    torch.set_warn_always(False)
    print(torch.searchsorted(s, v))
for w in caught:
    print(w.category.__name__, w.message, w.lineno)
