# 102:11268: the version counters of the gradients PyTorch builds in place (zeros, then
# scatter_ / index_put_ / ...), which a later in-place edit's "modified by an inplace
# operation" error reports; and 102:17714: index_put_ into a gradient expanded from a sum
# warns (deprecated) and writes, where other writes into shared memory raise.
import warnings

import torch

x = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], requires_grad=True)
cases = {
    "max(dim)": lambda: x.max(1)[0].sum(), "max()": lambda: x.max(),
    "min(dim)": lambda: x.min(1)[0].sum(), "min()": lambda: x.min(),
    "sort": lambda: x.sort(1)[0].sum(), "topk": lambda: x.topk(2)[0].sum(),
    "kthvalue": lambda: x.kthvalue(2, 1)[0].sum(), "median(dim)": lambda: x.median(1)[0].sum(),
    "median()": lambda: x.median(), "nanmedian(dim)": lambda: x.nanmedian(1)[0].sum(),
    "nanmedian()": lambda: x.nanmedian(), "mode": lambda: x.mode(1)[0].sum(),
    "cummax": lambda: x.cummax(1)[0].sum(), "cummin": lambda: x.cummin(1)[0].sum(),
    "index": lambda: x[torch.tensor([1, 0])].sum(),
    "gather": lambda: x.gather(1, torch.tensor([[0], [2]])).sum(),
    "index_select": lambda: x.index_select(1, torch.tensor([2])).sum(),
    "masked_select": lambda: x.masked_select(x > 0).sum(),
    "take": lambda: x.take(torch.tensor([1, 4])).sum(),
    "select": lambda: x[1].sum(), "amax": lambda: x.amax(1).sum(), "relu": lambda: x.relu().sum(),
}
for name, f in cases.items():
    g = torch.autograd.grad([f()], [x], create_graph=name == "kthvalue")[0]
    x.grad = None
    f().backward()
    print(name, g._version, x.grad._version)

v0 = torch.tensor([-0.296, -1.883, -3.157], requires_grad=True)
v1 = torch.expm1(v0)
first, second = torch.autograd.grad([torch.kthvalue(v1, 3, -1)[0]], [v1, v0], create_graph=True)
first.divide_(2)  # (second's graph saved first, at version 2: now 3)
try:
    second.sum().backward()
except RuntimeError as error:
    print("RuntimeError", str(error)[:150])

v1 = torch.tensor([[[1.75]], [[0.75]]], requires_grad=True)
expanded = torch.autograd.grad([v1.sum()], [v1])[0]
print(expanded.stride())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    result = expanded.index_put_((torch.tensor([1, 0]),), torch.tensor(1.0))
print(result is expanded, result.tolist(), expanded._version)
print([str(w.message)[:60] for w in caught])
