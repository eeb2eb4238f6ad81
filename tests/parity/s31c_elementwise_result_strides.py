# The strides PyTorch's TensorIterator gives a new elementwise result (fuzz 28:4326: F.linear of
# round() of a 2-row unfold folds to MmBackward0 only when the result keeps the unfold's
# strides (3, 1, 3)). Operands all of the result's shape take the fast setup (C if all are
# contiguous, channels-last if all are, else the inputs' own strides, a size-1 dim's included,
# if all are dense, non-overlapping and alike); otherwise (a number or a broadcast operand, an
# overlapping or gapped input) the result is dense in the iteration order, where a dim of size 1
# is placed by its stride too. An integer operand promoted to float counts as its copy
# x.to(float), which is dense (contiguous more often). Over unfold, expand, as_strided overlaps,
# transposed, sliced and odd size-1 strides; unary, with a number, with another tensor.
import torch

F = torch.nn.functional


def chain(fn, depth=4):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [chain(n, depth - 1) for n, _ in fn.next_functions]]


v0 = torch.tensor([[0.5, 1.5, 0.5], [1.0, 1.0, 1.75]], requires_grad=True)
v6 = v0.unfold(0, 2, 1).round()
print(v6.stride(), chain(F.linear(v6, torch.ones(3, 2), torch.ones(3)).grad_fn))


def strided(shape, strides, dtype=torch.float32):
    return torch.as_strided(torch.arange(60).to(dtype), shape, strides)


inputs = {
    "unfold 2 rows": lambda d: torch.arange(6).to(d).reshape(2, 3).unfold(0, 2, 1),
    "unfold overlap": lambda d: torch.arange(10).to(d).unfold(0, 3, 1),
    "unfold 2d": lambda d: torch.arange(20).to(d).reshape(4, 5).unfold(1, 2, 1),
    "expand": lambda d: torch.arange(3).to(d).reshape(3, 1).expand(3, 4),
    "overlap size-1": lambda d: strided((3, 1, 3), (1, 7, 1), d),
    "overlap (1,3,3)": lambda d: strided((1, 3, 3), (5, 1, 1), d),
    "transposed": lambda d: torch.arange(12).to(d).reshape(3, 4).t(),
    "sliced": lambda d: torch.arange(24).to(d).reshape(4, 6)[:, ::2],
    "t of column": lambda d: torch.arange(3).to(d).reshape(3, 1).t(),
    "unsqueezed t": lambda d: torch.arange(12).to(d).reshape(3, 4).t().unsqueeze(1),
    "odd size-1 stride": lambda d: strided((2, 1, 3), (3, 29, 1), d),
    "gaps size-1": lambda d: strided((1, 1, 3, 2), (1, 1, 3, 2), d),
    "dense permuted size-1": lambda d: strided((2, 1, 1, 4), (1, 8, 2, 2), d),
    "channels last odd": lambda d: strided((2, 3, 1, 2), (6, 1, 17, 3), d),
    "1-d size 1": lambda d: strided((1,), (11,), d),
}
ops = {
    "neg": lambda x: -x, "exp": lambda x: x.exp(), "round": lambda x: x.round(),
    "abs": lambda x: x.abs(), "sigmoid": lambda x: x.sigmoid(), "relu": lambda x: x.relu(),
    "x*2": lambda x: x * 2, "x+1": lambda x: x + 1, "1-x": lambda x: 1 - x, "x>1": lambda x: x > 1,
    "x**2": lambda x: x ** 2, "x/2": lambda x: x / 2, "x*x": lambda x: x * x,
    "x+c": lambda x: x + torch.zeros(x.shape), "c+x": lambda x: torch.zeros(x.shape) + x,
    "x+0d": lambda x: x + torch.tensor(1.0), "x+row": lambda x: x + torch.zeros(x.shape[-1]),
    "x*2.5": lambda x: x * 2.5, "clone": lambda x: x.clone(),
}
for dtype in (torch.float32, torch.int64):
    for name, make in inputs.items():
        row = []
        for op_name, op in ops.items():
            if dtype == torch.int64 and op_name in ("sigmoid", "round"):
                continue
            row.append(f"{op_name}={op(make(dtype)).stride()}")
        print(dtype, name, " ".join(row))
