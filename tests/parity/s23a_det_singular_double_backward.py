# linalg.det's gradient under create_graph for singular matrices (|det| under 100 epsilons
# of the dtype, all of the batch) is PyTorch's SVD formula node for node: MmBackward0 of
# (U * D) and Vh, D from exclusive cumulative products of S (fuzz 22:19802: celu + det of a
# singular matrix, a post-accumulate hook); above the threshold the solve formula; a batch of
# both index_puts each formula's matrices.
import torch


def tree(fn, depth=12):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else "..."]


for dtype in (torch.float32, torch.float64):
    for m in ([[1.0, 2.0], [2.0, 4.0]], [[0.0, 0.0], [0.0, 0.0]], [[-1.25, -1.25], [-0.75, -0.75]],
              [[[1.0, 2.0], [2.0, 4.0]], [[0.0, 0.0], [0.0, 0.0]]], [[1.0, 2.0], [3.0, 4.0]],
              [[1e-30, 0.0], [0.0, 1.0]], [[1.1e-5, 0.0], [0.0, 1.0]], [[2e-5, 0.0], [0.0, 1.0]],
              [[2e-14, 0.0], [0.0, 1.0]], [[3e-14, 0.0], [0.0, 1.0]],
              [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.0, 0.0, 1.0]]):
        a = torch.tensor(m, dtype=dtype, requires_grad=True)
        g, = torch.autograd.grad(torch.linalg.det(a).sum(), a, create_graph=True)
        print(dtype, m, g, tree(g.grad_fn))
        (g * g).sum().backward()
        print(a.grad)

# a batch of both: each formula on its matrices, index_put_ into zeros (a view of a lone one)
S, N, N2 = [[1.0, 2.0], [2.0, 4.0]], [[1.0, 2.0], [3.0, 4.0]], [[2.0, 1.0], [1.0, 3.0]]
for batch in ([S, N], [N, S], [S, S, N], [S, N, N2], [[S, N], [N2, S]]):
    a = torch.tensor(batch, requires_grad=True)
    weights = torch.arange(1.0, a[..., 0, 0].numel() + 1).reshape(a.shape[:-2]).requires_grad_()
    g, = torch.autograd.grad(torch.linalg.det(a), a, weights, create_graph=True)
    print(g, tree(g.grad_fn, 6))
    (g * g).sum().backward()
    print(a.grad, weights.grad)

v0 = torch.tensor([[-1.25, -1.25], [-0.75, -0.75]], requires_grad=True)
v0.register_post_accumulate_grad_hook(lambda p: print("hook", p.grad, tree(p.grad.grad_fn, 3)))
(torch.nn.functional.celu(v0).sum() + torch.linalg.det(v0)).backward(create_graph=True)
