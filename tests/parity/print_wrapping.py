# Line wrapping of long rows at linewidth 80: elements per line depend on the column
# width and the indentation of the row; suffixes wrap to their own line when needed.
import torch

print(torch.arange(30))
print(torch.arange(100))
print(torch.arange(40.0) / 3)
print(torch.arange(25.0) * 1000)
print(torch.arange(25.0) * 1e6)
print(torch.arange(60).reshape(2, 30))
print(torch.arange(60.0).reshape(2, 1, 30) / 7)
print(torch.arange(14, dtype=torch.float64) * 1000)
print(torch.arange(13, dtype=torch.float64) / 7)
print(torch.arange(13, dtype=torch.int32) * 100000)
print(torch.arange(10, dtype=torch.int16))
print(torch.arange(9, dtype=torch.float64) * 12345)
print(torch.tensor([True, False] * 20))
