# Fuzz seed 50's causes, as PyTorch 2.13 behaves: expand's new leading dims of size 1 take
# the size times the stride of the dim after them (not 0), so matmul of x.broadcast_to((1,
# n, k)) folds into one mm (50:1405); floor_divide_ and float_power_ refuse an operand that
# partly overlaps the written tensor, as the other in-place arithmetic does (50:19679); the
# loss of binary_cross_entropy_with_logits at a NaN input is log_sigmoid's NaN, whose sign bit
# is set (50:12798).
import torch

F = torch.nn.functional
x = torch.zeros(2, 3)
print(x.expand(1, 2, 3).stride(), x.expand(1, 1, 2, 3).stride(), x.expand(4, 1, 2, 3).stride(),
      torch.zeros(3, 1).expand(1, 3, 4).stride(), x.t().expand(1, 3, 2).stride(),
      x.broadcast_to((1, 2, 3)).stride(), torch.tensor(5.0).expand(1, 1).stride())
a = torch.tensor([[1.5, 1.25], [-0.5, -1.0]], requires_grad=True)
out = a.broadcast_to((1, 2, 2)).matmul(torch.tensor([[-1.0, -0.5, 0.75], [-0.75, 0.0, 0.25]]))
print(out.grad_fn.name(), [f.name() if f else None for f, _ in out.grad_fn.next_functions])

for name in ("floor_divide_", "float_power_", "add_"):
    base = torch.tensor([[[-2.5], [1.5], [0.5]], [[1.0], [-1.5], [-0.5]]], dtype=torch.float64)
    try:
        getattr(base.unsqueeze(0), name)(base)
        print(name, "wrote")
    except RuntimeError as error:
        print(name, error)

logits = torch.tensor([2.0, float("nan"), 0.75, -float("nan")])
target = torch.tensor([0.1, 0.1, float("nan"), 0.2])
for weight in (None, torch.tensor(1.25), torch.tensor(-1.0)):
    loss = F.binary_cross_entropy_with_logits(logits, target, weight=weight, reduction="none")
    mean = F.binary_cross_entropy_with_logits(logits, target, weight=weight)
    print(loss.signbit().tolist(), mean.signbit().item())
