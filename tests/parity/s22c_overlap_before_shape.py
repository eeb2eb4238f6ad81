# A write into an expanded tensor (memory that overlaps itself) is refused for that first,
# before the result's shape or dtype is checked, as PyTorch's TensorIterator orders its
# checks (fuzz 17:19905: logical_xor_ with a larger operand).
import torch

base = torch.zeros(2, 4)
expanded = base.broadcast_to((3, 1, 2, 4))
ints = torch.zeros(2, 4, dtype=torch.int64).broadcast_to((3, 2, 4))
cases = {
    "add_": lambda: expanded.add_(1),
    "logical_xor_ larger": lambda: expanded.logical_xor_(torch.ones(1, 3, 1, 2, 4)),
    "logical_xor_": lambda: expanded.logical_xor_(torch.ones(3, 1, 2, 4)),
    "mul_ larger": lambda: expanded.mul_(torch.ones(2, 3, 1, 2, 4)),
    "int add_ float": lambda: ints.add_(0.5),
    "int mul_ float tensor": lambda: ints.mul_(torch.ones(3, 2, 4)),
    "int add_ larger": lambda: ints.add_(torch.ones(2, 3, 2, 4, dtype=torch.int64)),
    "copy_ larger": lambda: expanded.copy_(torch.ones(2, 3, 1, 2, 4)),
    "fill_": lambda: expanded.fill_(1),
}
for name, case in cases.items():
    try:
        case()
        print(name, "ok")
    except RuntimeError as error:
        print(name, "RuntimeError", error)
