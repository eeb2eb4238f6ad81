# stride() and is_contiguous() where NumPy's layout is not PyTorch's: empty tensors have
# contiguous strides (a size 0 counting as 1), softmax's result is contiguous whatever the
# input's layout, nonzero's result is filled transposed.
import torch

F = torch.nn.functional
for shape in ((0, 2), (2, 0), (3, 2, 3, 0), (3, 0, 0), (0,)):
    t = torch.zeros(shape)
    print(shape, t.stride(), t.long().stride(), t.is_contiguous(), t.stride(-1))
x = torch.tensor([[1.0, 0.783, -0.642], [-0.266, 0.075, -1.95], [-1.129, 1.0, -2.164]]).mT
for name in ("softmax", "log_softmax", "softmin"):
    for dim in (0, 1):
        out = getattr(F, name)(x, dim)
        print(name, dim, out.stride(), out.is_contiguous())
for value in ([[1, 0], [1, 1]], [1, 0, 2], [[[1.0, 2.0]], [[0.0, 3.0]]]):
    n = torch.nonzero(torch.tensor(value))
    print(n.tolist(), n.stride(), n.is_contiguous(), torch.argwhere(torch.tensor(value)).stride())
    try:
        n.view(-1)
    except RuntimeError as error:
        print("RuntimeError:", error)
