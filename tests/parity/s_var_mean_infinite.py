# Issue 11 (fuzz): var_mean / std_mean's mean is PyTorch's Welford running mean: an infinity
# followed by any value makes it NaN (inf - inf); an infinity as the last value stays.
import torch

inf = float("inf")
for values in ([-1.0, inf], [inf, -1.0], [inf], [1.0, 2.0, -inf], [inf, inf], [1.0, -inf, 2.0],
               [1.0] * 20 + [inf], [float("nan"), 1.0]):
    print(torch.var_mean(torch.tensor(values), correction=0),
          torch.std_mean(torch.tensor(values, dtype=torch.float64), correction=0)[1])
x = torch.tensor([[inf, 1.0], [2.0, 3.0]])
print(torch.var_mean(x, 0), torch.var_mean(x, 1, keepdim=True), torch.std_mean(x))
print(torch.std_mean(torch.tensor([[-inf], [-0.0]])))
