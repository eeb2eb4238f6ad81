# Tensor.sum_to_size requires its size (PyTorch's parser: TypeError 'missing 1 required
# positional arguments: "size"', fuzz 901:325 with HGFUZZ_BOOST_MORE2=15) and takes it once
# (positionally or by keyword); () is the 0-d size.
import torch

x = torch.arange(6.0).reshape(2, 3)
for args, kwargs in [((), {}), (((),), {}), ((2, 3), {}), (([1, 3],), {}), ((), {"size": (1, 3)}),
                     ((3,), {"size": (1, 3)}), ((torch.Size([2, 1]),), {}), ((3,), {}),
                     ((-1,), {})]:
    try:
        print(args, kwargs, x.sum_to_size(*args, **kwargs))
    except Exception as error:
        print(args, kwargs, type(error).__name__, error)
