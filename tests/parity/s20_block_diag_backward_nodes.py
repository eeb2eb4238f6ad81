# block_diag's recorded backward (create_graph) is PyTorch's block_diag_backward: each input's
# gradient is a slice of the incoming gradient along each dim (SliceBackward0 twice, even when
# whole or empty), squeezed for a 1-d input (the engine then sums (1, n) to (n,)) and twice for
# a 0-d one; an input of shape (0,) gets new zeros. (Not an input of shape (0,) before
# another: PyTorch 2.13 then slices the later blocks one row too high, a wrong gradient.)
import torch


def chain(fn, depth=6):
    if fn is None or depth == 0:
        return None
    return [fn.name(), [chain(n, depth - 1) for n, _ in fn.next_functions]]


for shapes in (((1, 2), (3,)), ((2, 3), ()), ((2, 2), (0,)), ((0, 2), (0, 2)),
               ((2, 2), (3,)), ((), (2, 1)), ((0, 0), (2, 1))):
    inputs = [torch.arange(float(torch.Size(s).numel())).reshape(s).requires_grad_()
              for s in shapes]
    out = torch.block_diag(*inputs)
    grad_out = torch.arange(float(out.numel())).reshape(out.shape).requires_grad_()
    grads = torch.autograd.grad(out, inputs, grad_out, create_graph=True, allow_unused=True)
    for g in grads:
        print(shapes, tuple(g.shape), chain(g.grad_fn), g)
    print(torch.autograd.grad(sum(g.sum() for g in grads), grad_out))

x = torch.zeros((0, 2), requires_grad=True)
v = torch.zeros((0, 4), requires_grad=True)
loss = torch.nn.functional.gaussian_nll_loss(torch.block_diag(x, torch.zeros(0, 2)),
                                             torch.zeros(0, 4), v)
loss.backward(create_graph=True)
print(chain(x.grad.grad_fn), chain(v.grad.grad_fn, 3))
