# The layout (strides) of new results where the first operand is transposed, broadcast, or
# contiguous next to a transposed one: clamp_min / clamp_max with a tensor bound (fuzz
# 41:1725), gcd / lcm / shifts, torch.complex, addcmul, masked_fill (always a contiguous
# clone), and the losses whose output PyTorch makes from the input or the target; with the
# errors and checks that come with them (soft_margin_loss refusing to broadcast the input,
# binary_cross_entropy's target range).
import warnings

import torch

F = torch.nn.functional
warnings.simplefilter("ignore")  # (huber_loss's broadcast warning: not what is checked here)

column = torch.arange(5.0).reshape(5, 1) / 3 + 0.5
dense = torch.arange(10.0).reshape(5, 2) / 3 + 0.5
swapped = dense.reshape(2, 5).t()
other = (torch.arange(10.0).reshape(2, 5) / 7 + 0.25).t()
plain = other.contiguous()
ints = torch.arange(10).reshape(2, 5).t() + 1
three = torch.full((5, 2), 3)
mask = other > 0.5

cases = {
    "clamp_min": lambda: swapped.clamp_min(plain), "clamp_max": lambda: swapped.clamp_max(plain),
    "clamp_min, bound first": lambda: plain.clamp_min(swapped),
    "gcd": lambda: torch.gcd(ints, three), "lcm": lambda: torch.lcm(ints, three),
    "shift left": lambda: ints << three, "shift right": lambda: ints >> 1,
    "number << tensor": lambda: 3 << ints, "gcd of a 0-d first": lambda: torch.gcd(torch.tensor(4), ints),
    "complex": lambda: torch.complex(swapped, plain),
    "complex, broadcast real": lambda: torch.complex(column, other),
    "add, broadcast first": lambda: column + other, "atan2, broadcast first": lambda: torch.atan2(column, other),
    "addcmul": lambda: torch.addcmul(dense, other, other),
    "addcmul, broadcast self": lambda: torch.addcmul(column, plain, other),
    "addcdiv": lambda: torch.addcdiv(dense, other, other),
    "masked_fill, transposed": lambda: swapped.masked_fill(plain > 0.5, 1.0),
    "masked_fill, transposed mask": lambda: swapped.masked_fill(mask, 1.0),
    "masked_fill, broadcast input": lambda: column.masked_fill(mask, 1.0),
    "bce": lambda: F.binary_cross_entropy(swapped / 4, plain / 2, reduction="none"),
    "bce with logits": lambda: F.binary_cross_entropy_with_logits(dense, other, reduction="none"),
    "bce with logits, weighted": lambda: F.binary_cross_entropy_with_logits(
        dense, plain, weight=other, reduction="none"),
    "huber, broadcast input": lambda: F.huber_loss(column, other, reduction="none"),
    "huber, transposed input": lambda: F.huber_loss(swapped, plain, reduction="none"),
    "soft margin, broadcast target": lambda: F.soft_margin_loss(dense, column, reduction="none"),
    "soft margin, broadcast input": lambda: F.soft_margin_loss(column, other, reduction="none"),
}
for name, make in cases.items():
    try:
        result = make()
        print(name, tuple(result.shape), result.stride())
    except RuntimeError as error:
        print(name, "RuntimeError:", error)

for x, t in (([0.5, 2.0], [2.0, 0.5]), ([0.5, 0.5], [2.0, float("nan")]),
             ([float("nan"), 0.5], [0.5, 0.5]), ([0.5, 0.5], [-0.0, 1.0]), ([0.5, 0.5], [0.5, 1.5])):
    try:
        print(F.binary_cross_entropy(torch.tensor(x), torch.tensor(t)))
    except RuntimeError as error:
        print("bce", x, t, "RuntimeError:", error)
