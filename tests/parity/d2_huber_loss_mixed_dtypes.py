# huber_loss of an input and a target of two floating dtypes: the elementwise loss is computed
# in the promoted dtype and written in the input's dtype (then reduced); its backward kernel
# refuses the mix, for the input's gradient with the target as the odd one out, for the
# target's (when a pass needs only that) the other way round.
import torch

F = torch.nn.functional
x = torch.tensor([0.1, 0.3, 2.7], dtype=torch.float32)
t = torch.tensor([0.1, 1.3000001, -0.2], dtype=torch.float64)
for reduction in ("none", "mean", "sum"):
    loss = F.huber_loss(x, t, reduction=reduction)
    print(loss.dtype, loss.tolist())
    print(F.huber_loss(t, x, reduction=reduction).dtype)
print(F.huber_loss(x.half(), t, reduction="none").dtype)
print(F.huber_loss(x, t, reduction="none", weight=torch.ones(3, dtype=torch.float64)).dtype)
for first, second in ((x, t), (t, x)):
    for weight in (None, torch.ones(3, dtype=torch.float64)):
        a, b = first.clone().requires_grad_(), second.clone().requires_grad_()
        y = F.huber_loss(a, b, reduction="mean", weight=weight)
        print(y.dtype, y.grad_fn.name())
        for inputs in ([a], [b], [a, b]):
            try:
                print(torch.autograd.grad(y, inputs, retain_graph=True))
            except RuntimeError as error:
                print("RuntimeError", error)
v1 = torch.tensor(float("-inf"), dtype=torch.float64, requires_grad=True)
v2 = torch.tensor(float("inf"), dtype=torch.float32, requires_grad=True)
try:
    torch.autograd.grad([F.huber_loss(v1, v2)], [v2])
except RuntimeError as error:
    print("RuntimeError", error)
