# xlogy's float32 bits: PyTorch's kernel computes x * std::log(y) element by element, i.e.
# glibc's logf (not correctly rounded: y = 0.89171106 and the others below round an ulp
# apart from the double log rounded), and where x and log(y) are both NaN the product keeps
# the log's NaN (x = NaN, y = -1: sign bit set). Found next to fuzz 60:10562 (logit's log).
import numpy as np
import torch


def bits(t):
    return t.detach().numpy().view(np.int32).tolist()


y = torch.tensor([0.89171106, 0.78933114, 0.639779, 0.952141, 0.33057326, 2.5, 1e-40, 0.0,
                  -1.0, float("inf"), float("nan")])
print("log1", bits(torch.xlogy(torch.ones(11), y)))
print("x3", bits(torch.xlogy(3.0, y)))
x = torch.tensor([float("nan"), float("nan"), 0.0, 0.0, -2.0, 1.5])
y2 = torch.tensor([-1.0, -float("inf"), -1.0, float("nan"), -0.5, 0.0])
print("nan", bits(torch.xlogy(x, y2)))
rng = np.random.default_rng(3)
ys = torch.tensor(rng.random(64, dtype=np.float32) * 4)
xs = torch.tensor(rng.standard_normal(64).astype(np.float32), requires_grad=True)
out = torch.xlogy(xs, ys)
out.backward(torch.full((64,), 0.5))
print("rand", bits(out), bits(xs.grad))
