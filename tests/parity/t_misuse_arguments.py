# Arguments PyTorch refuses (issue 11, fuzzer task T27): DataLoader's batch_size and option
# checks, sizes given wrongly to view/reshape/expand/permute/flip/repeat/tile and their
# function forms, numbers where only tensors are taken (fmax, fmin, hypot, logaddexp,
# isclose), a Tensor bound mixed with a number bound in clamp, indices out of range (a
# negative one in index_select included), copy_ and setitem shapes, and a few more.
import torch

F = torch.nn.functional


def run(label, fn):
    try:
        out = fn()
        if isinstance(out, tuple):
            out = out[0]
        print(label, "->", out if isinstance(out, (int, bool)) else (out.dtype, list(out.shape)))
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e))


data = torch.arange(6.0)
for options in (dict(batch_size=0), dict(batch_size=-1), dict(batch_size=1.5),
                dict(batch_size=True), dict(batch_size="2"), dict(batch_size=2.0),
                dict(batch_size=None, drop_last=True), dict(batch_size=None),
                dict(batch_size=2, drop_last=1), dict(num_workers=-1), dict(timeout=-1),
                dict(batch_size=0, num_workers=-1), dict(prefetch_factor=2),
                dict(persistent_workers=True), dict(multiprocessing_context="spawn", batch_size=0),
                dict(sampler=[0, 1], shuffle=True), dict(batch_sampler=[[0, 1]], batch_size=2),
                dict(batch_size=4, drop_last=True)):
    run(f"DataLoader {options}", lambda options=options: len(
        torch.utils.data.DataLoader(data, **options)))

x, s = torch.ones(2, 3), torch.tensor(1.5)
for expression in [
        "x.reshape()", "s.reshape()", "x.reshape(shape=6)", "x.reshape(6.0)", "x.reshape(None)",
        "x.reshape(True)", "x.reshape(s)", "x.reshape(torch.tensor(6))", "x.reshape(2, 3.0)",
        "x.reshape((2,), 3)", "x.reshape(True, 6)", "x.reshape(-2)", "x.reshape(-1, -2)",
        "x.view(-1, -1, -2)", "x.view()", "x.view(6.0)", "x.view(size=6)", "x.view(2.0, 3)",
        "x.view(2, None)", "x.expand()", "s.expand()", "x.expand(size=3)", "x.expand(2.0)",
        "x.expand(2.0, 3)", "x.expand(2, None)", "x.expand(-1)", "x.double().expand(3)",
        "x.bool().expand(3)", "x.permute()", "x.permute(dims=0)", "x.permute(0.0)",
        "x.permute(0, 1.0)", "x.permute(0, 0)", "x.permute(0, 1, 2)", "x.permute(0, 5)",
        "x.repeat()", "x.repeat(2.0)", "x.repeat(1, (2,))", "x.flip()", "x.flip(dims=0)",
        "x.tile()", "x.broadcast_to()", "torch.reshape(x, 6)", "torch.reshape(s, 1)",
        "torch.reshape(x, 6.0)", "torch.permute(x, 0)", "torch.flip(x, 0)", "torch.tile(x, 2)",
        "torch.broadcast_to(x, 3)", "torch.zeros()", "torch.ones()", "torch.empty()",
        "x.mT.shape", "torch.ones(3).mT", "x.diagonal(0, 0, -2)", "x.norm(p=(1, 2))",
        "x.norm(p=None)", "torch.aminmax(x, 0)", "x.aminmax(0)", "x.aminmax(0, True)",
        "F.layer_norm(x, 3)", "F.rms_norm(x, 3)", "F.rms_norm(x, (2,))",
        "F.group_norm(x[:1, :2], 2)", "F.group_norm(x[:1, :2], 4)", "F.dropout1d(torch.ones(3), 0.5)",
        "F.dropout2d(torch.ones(3), 0.5)", "F.dropout2d(torch.ones(3), 1.0)",
        "F.celu(x, alpha=0)", "torch.meshgrid(indexing='ij')"]:
    run(expression, lambda expression=expression: eval(expression))

for name in ("fmax", "fmin", "hypot", "logaddexp", "isclose", "allclose"):
    for other in (2, 0.5, True):
        run(f"torch.{name}(x, {other!r})", lambda name=name, other=other:
            getattr(torch, name)(x, other))
        run(f"x.{name}({other!r})", lambda name=name, other=other: getattr(x, name)(other))
    run(f"torch.{name}(2, x)", lambda name=name: getattr(torch, name)(2, x))

low, lows = torch.zeros(3), torch.zeros(3, requires_grad=True)
for expression in ["torch.clamp(x, min=low, max=1)", "torch.clamp(x, min=0, max=low)",
                   "x.clamp(min=0.5, max=low)", "x.clamp(min=low, max=True)",
                   "torch.clip(x, min=low, max=1)", "x.clip(min=low, max=2.5)",
                   "x.clone().clamp_(min=low, max=1)", "x.clone().clip_(min=1, max=low)",
                   "torch.clamp(x, min=torch.tensor(2.0), max=2)",
                   "x.clamp(min=torch.tensor(0.5), max=2.5)",
                   "torch.clamp(x, min=torch.tensor(2.0, requires_grad=True), max=2)",
                   "torch.clamp(x, min=2, max=torch.tensor(3.))", "x.clamp(min=low)",
                   "x.clamp(lows, None)", "torch.clamp(x)"]:
    run(expression, lambda expression=expression: eval(expression))

m = torch.arange(6.0).reshape(2, 3)
for expression in [
        "m.index_select(0, torch.tensor([-1]))", "m.index_select(0, torch.tensor([5]))",
        "m.index_select(1, torch.tensor([1, 7, -1]))", "m.index_select(1, torch.tensor([-1]))",
        "m.index_select(0, torch.tensor([1.]))", "m.index_select(0, torch.tensor([[1]]))",
        "m.index_select(0, torch.tensor([1], dtype=torch.uint8))",
        "m.index_select(0, torch.tensor([1], dtype=torch.int32))",
        "torch.ones(0, 3).index_select(1, torch.tensor([-1]))",
        "torch.ones(2, 0).index_select(1, torch.tensor([0]))",
        "s.index_select(0, torch.tensor([-1]))", "s.index_select(0, torch.tensor([0, 0]))",
        "s.index_select(0, torch.tensor([0]))",
        "m.gather(0, torch.tensor([[0, 1, 7], [-1, 0, 0]]))", "m.gather(1, torch.tensor([[-4]]))",
        "m.gather(0, torch.tensor([[0.]]))", "m.scatter(1, torch.tensor([[-1]]), 1.)",
        "m.scatter_add(1, torch.tensor([[3]]), torch.ones(1, 1))",
        "m.index_add(0, torch.tensor([1, -1, 5]), torch.ones(3, 3))",
        "m.index_add(0, torch.tensor([[0.]]), torch.ones(1, 3))",
        "m.index_add(0, torch.tensor([0.]), torch.ones(1, 3))",
        "m.index_add(0, torch.tensor([9, 0]), torch.ones(1, 3))",
        "m.index_copy(1, torch.tensor([0, 9, -3]), torch.ones(2, 3))",
        "m.index_copy(0, torch.tensor([[0]]), torch.ones(1, 3))",
        "m.index_copy(0, torch.tensor([0.]), torch.ones(1, 3))",
        "m.index_copy(0, torch.tensor([9, 0]), torch.ones(1, 3))",
        "m.index_fill(1, torch.tensor([-1]), 2.)", "m.index_fill(1, torch.tensor([-4]), 2.)",
        "m.index_fill(0, torch.tensor([0.]), 1.)", "m.index_fill(0, torch.tensor([[0]]), 1.)",
        "m.take(torch.tensor([-1]))", "m.take(torch.tensor([-7]))",
        "m.take(torch.tensor([[1, 6]]))", "m.take(torch.tensor([0.]))",
        "m[torch.tensor([5])]", "m[[0, 1], [0, 3]]", "m[:, [3]]", "m[0, [3]]",
        "torch.ones(2, 3, 4)[:, [0], [9]]", "torch.ones(2, 3, 4)[[0], :, [9]]",
        "m[torch.tensor([True, False, True])]", "m[:, torch.tensor([True, False])]",
        "m[[0, 1], [0, 1, 2]]", "m[torch.tensor([True, True]), torch.tensor([True, False, True])]"]:
    run(expression, lambda expression=expression: eval(expression))


def copy(target, source):
    return torch.zeros(*target).copy_(torch.ones(*source))


for target, source in [((3,), (2, 3)), ((3,), (1, 3)), ((3,), (4,)), ((2, 3), (4, 3)),
                       ((3,), (2, 4)), ((2, 3), (1, 1, 3)), ((2, 1), (2, 3)), ((0,), (1, 0)),
                       ((2, 3), (3,))]:
    run(f"copy_ {target} <- {source}", lambda target=target, source=source: copy(target, source))


def put(key, value):
    y = torch.zeros(3, 4)
    y[key] = value
    return y


for key, shape in [(0, (2, 4)), ((Ellipsis, 0), (4,)), ([0], (2, 3)), ([0], (2, 0, 2, 3, 1)),
                   (0, (1, 1, 4)), ([0, 5], ()), (([0], [5]), (1,))]:
    run(f"y[{key!r}] = ones{shape}", lambda key=key, shape=shape: put(key, torch.ones(*shape)))
