# view_as_complex of a 0-d float tensor: PyTorch's "Input tensor must have one or more
# dimensions", checked after the dtype (a 0-d long tensor names its dtype) and before the last
# dim's size (fuzz 902:1369 with HGFUZZ_BOOST_MORE2=15).
import torch

for t in (torch.tensor(1.0), torch.tensor(1.0, dtype=torch.float64), torch.tensor(1),
          torch.ones(3), torch.ones(3, dtype=torch.long), torch.ones(2, 2)[0]):
    try:
        print(torch.view_as_complex(t))
    except RuntimeError as error:
        print(error)
