# Node names and next_functions as PyTorch records them (issue 11, fuzzer task T36): clamp_min
# / clamp_max with a tensor (two inputs), xlogy with a number (one input), floor_divide's
# NotImplemented node (edges to the inputs that require grad only), div with
# rounding_mode=None given (DivBackward2), round(decimals=) (RoundBackward1), sort(stable=)
# (SortBackward1), repeat_interleave (a clone before the view), a dtype= given to cumsum /
# cumprod / prod / norm (no cast node), indexing with a lone slice, whole-dim slices in a tuple,
# 0-d tensors and bools in keys, and setitem's view and expand of the value.
import torch


def nodes(fn, depth=2):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [nodes(n, depth - 1) if n is not None else None
                        for n, _ in fn.next_functions]]


def run(label, make):
    try:
        out = make()
        if isinstance(out, tuple):
            out = out[0]
        print(label, "->", list(out.shape), nodes(out.grad_fn))
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e))


def leaf(*shape):
    return torch.ones(*shape, requires_grad=True)


const = torch.full((2,), 2.0)
for expression in [
        "leaf(2).clamp_min(const)", "leaf(2).clamp_min(leaf(2))", "const.clamp_min(leaf(2))",
        "leaf(2).clamp_max(const)", "leaf(2).clamp_max(leaf(2) * 1)", "leaf(2).clamp_min(0.5)",
        "leaf(2).clamp(const)", "leaf(2).clamp(0.0, 1.0)", "leaf(2).clamp(max=leaf(2))",
        "torch.xlogy(leaf(2), 2.0)", "torch.xlogy(2.0, leaf(2))", "leaf(2).xlogy(3)",
        "torch.xlogy(leaf(2), const)", "torch.floor_divide(leaf(2), const)",
        "torch.floor_divide(const, leaf(2))", "leaf(2) // 2", "2 // leaf(2)",
        "leaf(2) // (leaf(2) * 1)", "torch.div(leaf(2), const, rounding_mode=None)",
        "torch.div(leaf(2), 2.0, rounding_mode=None)", "leaf(2).div(leaf(2), rounding_mode=None)",
        "torch.div(leaf(2), const, rounding_mode='floor')", "torch.div(leaf(2), const)",
        "torch.round(leaf(3), decimals=0)", "torch.round(leaf(3), decimals=2)",
        "torch.round(leaf(3))", "leaf(2, 3).sort(stable=True)", "leaf(2, 3).sort(stable=False)",
        "leaf(2, 3).sort()", "leaf(2, 3).repeat_interleave(2)",
        "leaf(2, 3).repeat_interleave(2, dim=1)", "leaf(3).cumsum(0, dtype=torch.float64)",
        "leaf(3).cumprod(0, dtype=torch.float64)", "leaf(3).prod(dtype=torch.float64)",
        "leaf(2, 3).prod(1, dtype=torch.float64)", "leaf(3).norm(dtype=torch.float64)",
        "leaf(3, 4)[:]", "leaf(3, 4)[0:3]", "leaf(3, 4)[0:100]", "leaf(3, 4)[-100:]",
        "leaf(3, 4)[:, :]", "leaf(3, 4)[:, 0:4]", "leaf(3, 4)[:, -4:]", "leaf(3, 4)[0:3, :]",
        "leaf(3, 4)[...]", "leaf(3, 4)[0][:]", "leaf(3, 4)[True]", "leaf(3, 4)[:, False]",
        "leaf(3, 4)[torch.tensor(1)]", "leaf(3, 4)[:, torch.tensor(-1)]",
        "leaf(3, 4)[torch.tensor(1), torch.tensor(2)]", "leaf(3, 4)[torch.tensor(True)]",
        "leaf(3, 4)[torch.tensor(1), [0, 1]]", "leaf(3, 4)[torch.tensor(1, dtype=torch.uint8)]"]:
    run(expression, lambda expression=expression: eval(expression))


def put(key, value_shape):
    y = leaf(3, 4) * 1
    value = leaf(*value_shape) * 1 if value_shape else torch.tensor(2.0, requires_grad=True) * 1
    y[key] = value
    return y


for key, shapes in [(0, [(4,), (1, 4), (1,), (1, 1, 4), (1, 1)]),
                    (slice(0, 2), [(2, 4), (4,), (1, 4)]),
                    ([0, 1], [(2, 4), (4,), (1, 4), (1, 2, 4), (1,)]),
                    ((slice(None), 0), [(3,), (1, 3), (1,)])]:
    for shape in shapes:
        run(f"y[{key!r}] = v{shape}", lambda key=key, shape=shape: put(key, shape))
run("y[0] = v(2, 4)", lambda: put(0, (2, 4)))
