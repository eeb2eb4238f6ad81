# Misuse both libraries refuse, with PyTorch's exception type and words (issue 11, fuzzer
# task T28): pooling and convolution arguments (checked in PyTorch's order), padding, an
# in-place op on an output of split/unbind/chunk (checked before the leaf), setitem on a
# leaf, detach_ on a view, the node named in the saved-tensor version error, meshgrid's
# tensor printed as PyTorch's C++ prints it.
import torch

F = torch.nn.functional


def run(label, fn):
    try:
        out = fn()
        if isinstance(out, tuple):
            out = out[0]
        print(label, "->", list(out.shape))
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e))


for grad in (False, True):
    def x(*shape, grad=grad):
        return torch.ones(*shape, requires_grad=grad)
    for expression in [
            "F.max_pool1d(x(1, 1, 1), 2)", "F.max_pool1d(x(1, 1, 3), 2, padding=2)",
            "F.max_pool1d(x(1, 1, 3), 0)", "F.max_pool1d(x(1, 1, 3), 2, stride=0)",
            "F.max_pool1d(x(1, 1, 3), 2, dilation=0)", "F.max_pool1d(x(1, 1, 3), 2, padding=-1)",
            "F.max_pool1d(x(1, 0, 4), 2)", "F.max_pool1d(x(1, 1, 1), 2, return_indices=True)",
            "F.max_pool1d(x(1, 1, 3), 0, return_indices=True)",
            "F.max_pool1d(x(4), 2, return_indices=True)", "F.max_pool1d(x(1, 1, 4), 2, dilation=3)",
            "F.avg_pool1d(x(1, 1, 1), 2)", "F.avg_pool1d(x(1, 1, 3), 0)",
            "F.avg_pool1d(x(1, 1, 3), 2, stride=0)", "F.avg_pool1d(x(1, 1, 3), 2, padding=-1)",
            "F.avg_pool1d(x(1, 0, 4), 2)", "F.max_pool2d(x(1, 1, 1, 1), 2)",
            "F.max_pool2d(x(1, 1, 3, 3), (0, 2))", "F.max_pool2d(x(1, 1, 3, 3), 2, stride=(1, 0))",
            "F.max_pool2d(x(1, 1, 3, 3), 2, dilation=(1, 0))",
            "F.max_pool2d(x(1, 1, 3, 3), 2, padding=-1)",
            "F.max_pool2d(x(1, 1, 9, 9), 2, padding=2, dilation=3)", "F.max_pool2d(x(2, 2), 2)",
            "F.max_pool2d(x(1, 0, 4, 4), 2)", "F.max_pool2d(x(1, 1, 1, 4, 4), 2)",
            "F.avg_pool2d(x(2, 2), 2)", "F.avg_pool2d(x(1, 1, 0, 4), 2)",
            "F.avg_pool2d(x(1, 1, 1, 4, 4), 2)", "F.avg_pool2d(x(1, 1, 3, 3), (2, 0))",
            "F.conv_transpose1d(x(1, 1, 2), x(1, 1, 1), padding=1)",
            "F.conv_transpose1d(x(1, 1, 4), x(1, 1, 3), dilation=0)",
            "F.conv_transpose2d(x(1, 1, 4, 4), x(1, 1, 3, 3), dilation=0)",
            "F.conv_transpose2d(x(0, 2, 2, 2), x(2, 1, 1, 1), padding=1)",
            "F.conv_transpose2d(x(0, 2, 2, 2), x(2, 1, 1, 1), padding=2)",
            "F.conv_transpose1d(x(0, 2, 2), x(2, 3, 1), padding=(2,))",
            "F.conv_transpose2d(x(0, 2, 2, 2), x(2, 3, 1, 1), padding=(1, 0), groups=2)",
            "F.conv2d(x(1, 1, 4, 4), x(1, 1, 3, 3), dilation=-1)", "F.conv1d(x(1, 1, 4), x(1, 3))",
            "F.conv2d(x(1, 1, 4, 4), x(1, 1, 3))", "F.conv1d(x(1, 1, 4), x(1, 1, 1, 3))",
            "F.conv1d(x(1, 2, 4), x(2, 1, 3), groups=3)",
            "F.pad(x(2, 4, 2, 2), (1, 1, 2, 1), mode='reflect')",
            "F.pad(x(1, 2, 2, 2, 2), (0, 0, 0, 0, 2, 1), mode='reflect')",
            "F.pad(x(2, 3), (-2, -2))", "F.pad(x(3), (-4, 2))", "F.pad(x(3), (-3, 2))",
            "F.multi_margin_loss(x(2, 3), torch.tensor([3, 0]))"]:
        run(f"{grad} {expression}", lambda expression=expression: eval(expression))

leaf = torch.ones(3, 4, requires_grad=True)
for expression in ["leaf.split(2)[0].mul_(2)", "leaf.unbind()[1].copy_(torch.ones(4))",
                   "leaf.chunk(2)[0].add_(1)", "leaf.split([1, 2])[0].fill_(1)",
                   "(leaf * 1).unbind()[1].zero_()", "[e.add_(1) for e in leaf]",
                   "leaf.unbind()[0].__setitem__(0, 1.)", "leaf[0].detach_()",
                   "(leaf * 1).split(2)[0].detach_()", "leaf.__setitem__(Ellipsis, 1.)",
                   "leaf.__setitem__(slice(None), torch.ones(4, requires_grad=True))",
                   "leaf.__setitem__(0, 1.)", "leaf.__setitem__(True, 1.)"]:
    run(expression, lambda expression=expression: eval(expression))


def modified(make):
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = make(a * 1)
    y.add_(1)
    y.sum().backward()


run("version: exp", lambda: modified(lambda x: x.exp()))
run("version: pow", lambda: modified(lambda x: x.pow(torch.ones(3, requires_grad=True))))
run("version: max", lambda: modified(lambda x: x.max()))
run("version: norm", lambda: modified(lambda x: x.norm()))

for value in ([[1.5, 2], [3, 4]], [[1, 2], [3, 4]], [[True]], [[1e5, 2], [3, 4]],
              [[[1.75, -1.25], [2.0, 0.25]], [[0.5, 1.5], [-0.25, 4.0]]], [[1e-4, 2e-4]],
              [[1e-3, 7e3, 2.5]], [[float("nan"), 1.0, -float("inf")]],
              [[0.123456] * 14], [[1.5e7, 2.5e7]]):
    run(f"meshgrid {value}", lambda value=value: torch.meshgrid(torch.tensor(value),
                                                                indexing="ij"))
run("meshgrid empty 2-d", lambda: torch.meshgrid(torch.zeros(0, 2), indexing="ij"))
run("meshgrid dtypes first", lambda: torch.meshgrid(torch.ones(2, 2), torch.ones(2).double(),
                                                    indexing="x"))
run("meshgrid indexing next", lambda: torch.meshgrid(torch.ones(2), torch.ones(2, 2),
                                                     indexing="x"))
