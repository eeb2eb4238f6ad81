# A view taken before (or after) its base goes through an in-place view op (transpose_, t_,
# unsqueeze_, swapdims_): the view's regenerated AsStridedBackward0 and a CopySlices written
# through it select the view's elements in the base's memory, so the gradient reaches the
# base's inputs, laid out with the base's strides (fuzz 20:10424, where it came out zeros).
import torch

v1 = torch.tensor([[-1.0, -1.0, -1.0], [-1.0, 1.0, 1.0]])
v2 = torch.tensor([[[2.356, -1.763, 2.608]]], requires_grad=True)
v3 = torch.lerp(v1, v2, 0.75)
v4 = v3.view(-1)
v3.transpose_(2, 1)
v3.register_hook(lambda g: print("base gradient", g, g.stride()))
v4.sum().backward()
print("lerp end", v2.grad)


def run(label, make_view, reshape_base, after, create_graph=False):
    a = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
    b = a * 1
    w = make_view(b)
    reshape_base(b)
    out = after(b, w)
    weights = torch.arange(out.numel(), dtype=out.dtype).reshape(out.shape)
    (g,) = torch.autograd.grad((out * out * weights).sum(), a, create_graph=create_graph)
    print(label, out.shape, g.flatten().tolist(), g.stride())
    if create_graph:
        (g2,) = torch.autograd.grad((g * g).sum(), a)
        print("  second order", g2.flatten().tolist())


for create_graph in (False, True):
    run("flat view, transpose_", lambda b: b.view(-1), lambda b: b.transpose_(1, 2),
        lambda b, w: w, create_graph)
    run("flat view written", lambda b: b.view(-1), lambda b: b.transpose_(0, 2),
        lambda b, w: (w.mul_(2), b)[1], create_graph)
    run("slice written", lambda b: b.view(-1)[3:9], lambda b: b.swapdims_(0, 1),
        lambda b, w: (w.mul_(2), b)[1], create_graph)
    run("row view, unsqueeze_", lambda b: b[1], lambda b: b.unsqueeze_(1),
        lambda b, w: w * 1, create_graph)
    run("diagonal, base written", lambda b: b.diagonal(0, 1, 2),
        lambda b: (b.transpose_(0, 2), b.unsqueeze_(0)), lambda b, w: (b.mul_(3), w)[1],
        create_graph)
