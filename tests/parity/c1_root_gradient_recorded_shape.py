# A root whose shape changed in place without grad mode (squeeze_, unsqueeze_, transpose_)
# keeps the shape its node recorded: PyTorch checks the root's gradient against that one,
# summing a gradient that broadcasts to it and refusing one that does not, naming the root's
# index (no "Function ... returned"); a node further down names itself.
import torch


def make():
    leaf = torch.tensor([[[-2.0, 1.0, -0.5]], [[-2.0, -1.0, -0.75]], [[1.5, -0.25, 0.75]],
                         [[-0.5, 1.25, 1.75]]], requires_grad=True)
    return leaf, leaf * 1


def squeezed():
    leaf, out = make()
    with torch.no_grad():
        out.squeeze_()
    return leaf, out


def run(label, f):
    try:
        print(label, f())
    except RuntimeError as e:
        print(label, e)


def backward_squeezed():
    leaf, out = squeezed()
    out.backward(gradient=torch.ones(4, 3, dtype=torch.float64))


def backward_unsqueezed():
    leaf, out = make()
    with torch.no_grad():
        out.unsqueeze_(0)
    out.backward(gradient=torch.ones(1, 4, 1, 3))
    return leaf.grad


def grad_second_root():
    leaf, out = squeezed()
    return torch.autograd.grad([leaf.sum(), out], [leaf], [None, torch.ones(4, 3)])


def grad_below_root():
    leaf, out = squeezed()
    return torch.autograd.grad([out.sum()], [leaf])


def backward_transposed():
    leaf, out = make()
    with torch.no_grad():
        out.transpose_(0, 2)
    out.backward(torch.ones(3, 1, 4))


run('squeezed', backward_squeezed)
run('unsqueezed', backward_unsqueezed)
run('second root', grad_second_root)
run('below root', grad_below_root)
run('transposed', backward_transposed)
