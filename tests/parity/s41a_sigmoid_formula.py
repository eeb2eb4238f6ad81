# torch.sigmoid computes 1 / (1 + exp(-x)) (its float32 / float64 CPU kernels' formula), so
# it rounds as that formula does, and in float32 it is 0 where exp(-x) overflows (x <= -89),
# not the tiny value of exp(x) / (1 + exp(x)). A NaN comes out with its sign bit flipped.
# Bit patterns (sweep s41a, no fuzz id).
import numpy as np
import torch


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


f64 = [-1.3579478763313375, -1.1724029317039641, -0.7156608197201001, -0.5485169237932047,
       -0.7306760372373137, -5.005859527967909, -3.2292175203024227, -2.777698720945104]
print("float64", bits(torch.sigmoid(torch.tensor(f64, dtype=torch.float64))))
edges = [-1000.0, -100.0, -90.0, -88.7, -30.0, 0.0, 30.0, 1000.0, float("inf"),
         float("-inf")]
for dtype in (torch.float32, torch.float64):
    print("edges", dtype, bits(torch.sigmoid(torch.tensor(edges, dtype=dtype))))
    nan = torch.sigmoid(torch.tensor([float("nan"), -float("nan")], dtype=dtype))
    print("nan signbit", dtype, torch.signbit(nan).tolist())
