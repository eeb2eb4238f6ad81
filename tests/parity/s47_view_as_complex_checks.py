# view_as_complex: dims of size 1 take any stride (their complex stride is half of it,
# rounded down), and a storage offset must be even (fuzz 78:3358).
import torch

cases = (((2, 1), lambda x: x.t()), ((1, 2), lambda x: x), ((3, 1, 2), lambda x: x[:, :, :]),
         ((1, 3, 2), lambda x: x.transpose(0, 1)))
for shape, make in cases:
    x = torch.arange(float(torch.Size(shape).numel())).reshape(shape)
    v = make(x)
    try:
        print(shape, v.stride(), torch.view_as_complex(v).stride())
    except RuntimeError as e:
        print(shape, v.stride(), "raised", e)
y = torch.zeros(2, 1).t()
print(y.stride(), torch.view_as_complex(y).shape)
z = torch.zeros(2, 3, 2)[:, :1]
print(z.stride(), torch.view_as_complex(z).stride())
w = torch.zeros(3, 4)[:, 1:3]
try:
    print(torch.view_as_complex(w).stride())
except RuntimeError as e:
    print("w", e)
