# bilinear's dtype check names the dtypes as PyTorch's C++ does (double, c10::Half, long int,
# c10::complex<float>), not as torch.dtype objects
import torch

F = torch.nn.functional

for dtype in [torch.float16, torch.bfloat16, torch.int64, torch.complex64, torch.complex128,
              torch.bool, torch.uint8, torch.int32, torch.int16, torch.int8, torch.float32]:
    try:
        F.bilinear(torch.ones(2, 3, dtype=torch.float64), torch.ones(2, 3, dtype=torch.float64),
                   torch.ones(1, 3, 3, dtype=dtype), torch.ones(1))
    except RuntimeError as error:
        print(error)
