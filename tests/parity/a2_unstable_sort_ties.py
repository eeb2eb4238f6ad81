# PyTorch's CPU sort(stable=False) (the default, also under argsort and unique) is C++
# std::sort, which leaves equal values and NaNs in an order of its own once a row has more
# than 16 elements; unique(dim=) sorts rows with a comparator under which NaN is neither
# smaller nor larger. The indices (and the order of unique's NaNs, and which of -0.0 / 0.0
# represents a group) show that order.
import torch

nan = float("nan")
pool = [nan, -0.0, 0.0, 1.0, 2.0, -1.0]
state = 12345
values = []
for _ in range(120):
    state = (state * 1103515245 + 12345) % 2**31
    values.append(pool[state % len(pool)])
x = torch.tensor(values)
for n in (16, 17, 18, 40, 120):
    part = x[:n]
    for descending in (False, True):
        s = part.sort(descending=descending)
        print(n, descending, s.values.tolist(), s.indices.tolist())
        print(part.argsort(descending=descending).tolist())
        print(part.sort(descending=descending, stable=True).indices.tolist())
        print(part.long().sort(descending=descending).indices.tolist())
    print(torch.unique(part, return_inverse=True, return_counts=True))
m = x[:60].reshape(30, 2)
print(m.sort(dim=0).indices.tolist())
print(torch.unique(m, dim=0, return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([[nan], [-2.0], [2.0]], dtype=torch.float64), dim=0))
t = torch.tensor([nan, nan, 1.38, 0.11, 0.48, 1.12, nan, float("inf"), nan, 0.63, nan, nan, nan,
                  0.36, 0.89, nan, nan, 1.01], requires_grad=True)
print(torch.unique(t, return_inverse=True))
