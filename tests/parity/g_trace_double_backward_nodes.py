# Fuzz 0:9955: trace's gradient under create_graph is PyTorch's composition: the gradient
# filled into the diagonal's positions of flat zeros (IndexFillBackward1), viewed as the
# matrix (ViewBackward0); its values and second derivatives as PyTorch's, for tall, wide,
# square and empty matrices.
import torch


def tree(fn, depth=0):
    if fn is None or depth > 4:
        return
    print("  " * depth + fn.name())
    for f, _ in fn.next_functions:
        tree(f, depth + 1)


for shape in [(4, 3), (3, 3), (2, 5), (5, 2), (0, 3), (0, 0), (1, 1)]:
    x = torch.arange(float(shape[0] * shape[1])).reshape(shape).requires_grad_()
    seed = torch.tensor(0.5, requires_grad=True)
    for create in (False, True):
        (g,) = torch.autograd.grad([torch.trace(x)], [x], grad_outputs=[seed],
                                   create_graph=create)
        print(shape, create, g, g.requires_grad, g.stride())
        tree(g.grad_fn)
    if g.requires_grad:
        (h,) = torch.autograd.grad((g * torch.arange(g.numel()).reshape(shape)).sum(), seed)
        print("second", h)
