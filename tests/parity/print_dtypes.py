# dtype suffixes: none for float32, int64 and bool; named for the others; empty tensors
# name every dtype but float32 and show size= unless the shape is (0,).
import torch

for dtype in [torch.float32, torch.float64, torch.float16, torch.int64, torch.int32,
              torch.int16, torch.int8, torch.uint8, torch.bool]:
    print(torch.tensor([0, 1, 2], dtype=dtype))
    print(torch.tensor(5, dtype=dtype))
    print(torch.zeros(0, dtype=dtype))
    print(torch.zeros(2, 0, dtype=dtype))
print(torch.tensor([]))
print(torch.tensor([[]]))
print(torch.zeros(0, 3))
print(torch.ones(3, 0, 2, dtype=torch.int64))
print(torch.tensor([1.5, -2.25], dtype=torch.float64))
print(torch.tensor([0.1, 0.2, 0.3], dtype=torch.float16))
print(torch.tensor([65504.0, 0.001], dtype=torch.float16))
print(torch.tensor([-128, 127], dtype=torch.int8))
print(torch.tensor([0, 255], dtype=torch.uint8))
print(torch.tensor([-9223372036854775807, 9223372036854775807]))
print(torch.arange(6, dtype=torch.float64).reshape(2, 3))
