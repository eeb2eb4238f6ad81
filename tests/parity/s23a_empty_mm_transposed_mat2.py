# mm's gradient for an empty mat2 under create_graph follows PyTorch's column-major test on
# mat2's own strides: a transposed view of an empty matrix (v0.t() inside matmul's folding of
# a (0, 3) @ (3, 3, 2) product) is column-major, so its gradient is grad.t().mm(mat1).t()
# (TBackward0 -> TBackward0 in the double-backward graph: fuzz 19:8497).
import torch


def tree(fn):
    if fn is None:
        return None
    return [fn.name(), [tree(f) for f, _ in fn.next_functions]]


for s0, s1 in [((0, 3), (3, 3, 2)), ((2, 3), (3, 3, 2)), ((0, 3), (2, 3, 0)), ((4, 0, 3), (3, 2)),
               ((2, 3), (4, 3, 2)), ((3,), (2, 3, 4)), ((2, 0, 3), (2, 3, 2)), ((0, 3), (3, 2))]:
    v0 = torch.zeros(s0).requires_grad_()
    v1 = torch.ones(s1, requires_grad=True)
    v2 = v0.matmul(v1)
    v2.backward(gradient=torch.zeros(v2.shape), create_graph=True)
    print(s0, s1, tree(v0.grad.grad_fn), tree(v1.grad.grad_fn))
for n, m in [(0, 3), (3, 0), (1, 0), (0, 1)]:
    a = torch.ones(2, m, requires_grad=True)
    b = torch.zeros(n, m, requires_grad=True)
    y = a.mm(b.t())
    y.backward(torch.ones_like(y), create_graph=True)
    print(n, m, tree(a.grad.grad_fn), tree(b.grad.grad_fn))
