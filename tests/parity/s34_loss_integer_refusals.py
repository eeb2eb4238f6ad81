# Issue 11 (fuzz 38:18220): mse / smooth_l1 / huber losses have no integer kernels: two
# integer operands are refused by name, and huber (its result allocated in the input's
# dtype) refuses an integer input whatever the target, also when the tensors are empty.
import torch

F = torch.nn.functional
for name in ("huber_loss", "smooth_l1_loss", "mse_loss", "l1_loss"):
    for a_dtype, b_dtype in ((torch.int64, torch.float32), (torch.float32, torch.int64),
                             (torch.int64, torch.int64), (torch.bool, torch.float32),
                             (torch.int32, torch.float64)):
        for shape in ((0, 1), (2,)):
            a, b = torch.zeros(shape, dtype=a_dtype), torch.ones(shape, dtype=b_dtype)
            try:
                print(name, a_dtype, b_dtype, shape, getattr(F, name)(a, b).dtype)
            except (RuntimeError, NotImplementedError) as error:
                print(name, a_dtype, b_dtype, shape, type(error).__name__, error)
