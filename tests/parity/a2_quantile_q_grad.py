# quantile / nanquantile with a q that requires grad: PyTorch's linear weights are
# q * last_index - below, so the result requires grad through q (even when the input does
# not) and q's gradient is (above - below) * last_index; rows with a NaN (quantile) or
# without any number (nanquantile) give q a zero gradient; the other interpolations do not
# carry q's gradient at all.
import torch

nan = float("nan")
x = torch.tensor([[-0.25, 1.25, nan, 3.0], [1.0, nan, nan, nan], [nan] * 4])
q = torch.tensor([0.4, 0.3], requires_grad=True)
for mode in ("linear", "lower", "higher", "midpoint", "nearest"):
    print(mode, torch.quantile(x[:1, :2], q, dim=1, interpolation=mode).requires_grad)
for fn in (torch.quantile, torch.nanquantile):
    y = fn(x, q, dim=1)
    print(fn.__name__, y, y.grad_fn.name())
    y.backward(torch.tensor([[1.0, 10.0, 100.0], [1000.0, 10000.0, 100000.0]]))
    print(q.grad)
    q.grad = None
q0 = torch.tensor(0.4, requires_grad=True)
y = torch.nanquantile(x, q0, dim=1)
y.sum().backward()
print(y, q0.grad)
print(torch.nanquantile(torch.tensor([-0.25, 1.25]), q))
w = torch.tensor([[1.0, 2.0, 5.0], [3.0, -1.0, 0.5]], requires_grad=True)
y = torch.quantile(w, q, dim=0, keepdim=True)
y.sum().backward()
print(y, q.grad, w.grad)
