# A differentiable op whose result would need a gradient but is an integer or bool tensor
# raises "Autograd not support dtype" (an empty product of a float and an integer tensor:
# fuzz 11:19890; a bool tensor given history by le_ with a float that requires grad: fuzz
# 13:5194); the in-place comparison itself, conversions and non-differentiable ops do not.
import torch


def history():
    return torch.zeros(2, dtype=torch.bool).le_(torch.zeros(2, requires_grad=True))


calls = {
    "le_": lambda: history(),
    "minimum": lambda: history().minimum(torch.zeros(2, dtype=torch.bool)),
    "sum": lambda: history().sum(),
    "view": lambda: history().view(2, 1),
    "select": lambda: history()[0],
    "float": lambda: history().float(),
    "int": lambda: history().int(),
    "t": lambda: history().t(),
    "expand": lambda: history().unsqueeze(0).expand(3, 2),
    "cumsum": lambda: history().cumsum(0),
    "clone": lambda: history().clone(),
    "mul": lambda: history() * 2,
    "max": lambda: history().max(),
    "logical_not": lambda: history().logical_not(),
    "where": lambda: history().where(torch.tensor([True, False]), torch.tensor([True, True])),
    "long": lambda: torch.zeros(2).requires_grad_().long(),
    "matmul_empty": lambda: torch.zeros((3, 3, 0)).requires_grad_().matmul(
        torch.zeros((3, 0, 1), dtype=torch.int64)),
    "mm_mixed": lambda: torch.zeros(2, 0).requires_grad_().mm(torch.zeros(0, 3).long()),
}
for name, call in calls.items():
    try:
        r = call()
        print(name, r.dtype, r.requires_grad, r.grad_fn.name() if r.grad_fn else None)
    except RuntimeError as e:
        print(name, "raises", e)
