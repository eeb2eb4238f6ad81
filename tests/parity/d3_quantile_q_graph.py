# quantile / nanquantile with a q that requires grad build the linear weights as PyTorch does,
# from q itself (no view): nanquantile q * (count - 1) (MulBackward0) then masked_fill_ of the
# negative ranks (always a MaskedFillBackward0); quantile q * last index (MulBackward1),
# expanded against the NaN rows only when that changes its shape, then masked_fill (4:5262).
import torch


def tree(fn, depth=5):
    if fn is None or not depth:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


def weights_node(fn):
    while fn.name() != 'LerpBackward1':
        fn = fn.next_functions[0][0]
    return fn.next_functions[2][0]


nan = float('nan')
x = torch.tensor([[-1.0, 1.25, -1.5, -0.75], [1.0, nan, 2.0, 3.0], [nan, nan, nan, nan]],
                 requires_grad=True)
for q in [torch.tensor(0.3), torch.tensor([0.3]), torch.tensor([0.0, 0.8, 0.9]),
          torch.tensor([[0.25, 0.5]])]:
    q = q.requires_grad_()
    for name in ['nanquantile', 'quantile']:
        for dim, keepdim in [(None, False), (1, False), (1, True), (0, False), (None, True)]:
            if q.dim() > 1:
                try:
                    getattr(x, name)(q, dim=dim)
                except RuntimeError as e:
                    print(name, 'RuntimeError', e)
                break
            y = getattr(x, name)(q, dim=dim, keepdim=keepdim)
            print(name, tuple(q.shape), dim, keepdim, y, tree(weights_node(y.grad_fn)))
            gx, gq = torch.autograd.grad(y.sum(), [x, q], create_graph=True)
            print(gx, gq, tree(gq.grad_fn, 4))
