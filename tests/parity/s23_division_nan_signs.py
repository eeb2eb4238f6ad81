# The sign bits of the NaNs that fmod, remainder and floor division return (fuzz 22:3769):
# PyTorch's element loop and its vector loop (whole 64-byte steps of each inner row) give
# different ones for infinite dividends, NaN divisors and zero divisors; float32 and float64,
# tensor, broadcast row, 0-d and number divisors, transposed operands.
import random

import torch

random.seed(5)
pool = [float("-inf"), float("inf"), float("nan"), -float("nan"), -0.0, 0.0, -1.5, 1.5, 5.0,
        -2.0, 0.75]
for trial in range(120):
    dtype = random.choice([torch.float32, torch.float64])
    shape = random.choice([(3,), (7,), (16,), (9,), (2, 8), (4, 5), (3, 17), (20,), (33,)])
    count = 1
    for size in shape:
        count *= size
    a = torch.tensor([random.choice(pool) for _ in range(count)], dtype=dtype).reshape(shape)
    kind = random.randrange(4)
    if kind == 0:
        b = torch.tensor([random.choice(pool) for _ in range(count)], dtype=dtype).reshape(shape)
    elif kind == 1:
        b = random.choice(pool)
    elif kind == 2:
        b = torch.tensor([random.choice(pool) for _ in range(shape[-1])], dtype=dtype)
    else:
        b = torch.tensor(random.choice(pool), dtype=dtype)
    if random.random() < 0.3 and a.dim() == 2 and kind in (1, 3):
        a = a.t()
    results = [torch.fmod(a, b), torch.remainder(a, b), torch.floor_divide(a, b),
               torch.div(a, b, rounding_mode="floor")]
    print(trial, dtype, tuple(a.shape), kind,
          ["".join("1" if s else "0" for s in torch.signbit(r).flatten().tolist())
           for r in results])
