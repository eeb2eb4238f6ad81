# log_softmax over the last dim of a row holding a NaN: PyTorch's vectorised max marks the NaN
# by setting every bit (a NaN with the sign bit), so x - max keeps the input NaN's own sign and
# gives that negative NaN everywhere else in the row, which signbit shows (any row length,
# float32 and float64; a non-last dim takes another kernel).
import torch

F = torch.nn.functional
nan = float("nan")
for n in (3, 17, 40):
    for pos in (0, n // 2, n - 1):
        for dtype in (torch.float32, torch.float64):
            values = [0.5 * i - 3 for i in range(n)]
            values[pos] = nan
            x = torch.tensor(values, dtype=dtype)
            for label, t, dim in (("1-d", x, 0), ("row", x.reshape(1, n), 1),
                                  ("column", x.reshape(n, 1), 0), ("-nan", -x, 0)):
                bits = torch.signbit(F.log_softmax(t, dim)).reshape(-1).tolist()
                print(n, pos, dtype, label, "".join("1" if b else "0" for b in bits))
x = torch.tensor([[nan, 1.115, float("inf")], [1.0, 2.0, 3.0], [float("inf"), nan, 0.0]])
y = F.log_softmax(x, 1)
print(y, torch.signbit(y))
