# Reductions and scans allocate their result contiguous, whatever the input's layout, so a
# reshape of the result is a plain view (ViewBackward0, not ReshapeAliasBackward0).
import torch

base = torch.arange(60, dtype=torch.float32).reshape(3, 4, 5) / 7 - 4
for perm in [(0, 2, 1), (2, 1, 0), (1, 0, 2)]:
    x = base.permute(*perm)
    results = {
        "sum": x.sum(0), "sum keepdim": x.sum(0, keepdim=True), "sum last": x.sum(2),
        "mean": x.mean(0), "amax": x.amax(0), "amin": x.amin(1), "prod": x.prod(0),
        "std": x.std(0), "var": x.var(0), "norm": x.norm(dim=0), "logsumexp": x.logsumexp(0),
        "nansum": x.nansum(0), "nanmean": x.nanmean(0), "any": (x > 0).any(0),
        "all": (x > -5).all(1), "count_nonzero": x.count_nonzero(0), "cumsum": x.cumsum(0),
        "cumprod": x.cumprod(1), "logcumsumexp": x.logcumsumexp(0), "cummax": x.cummax(0)[0],
        "cummax indices": x.cummax(0)[1], "argmax": x.argmax(0), "max": x.max(0)[0],
    }
    for name, value in results.items():
        print(perm, name, value.stride(), value.is_contiguous())

a = torch.tensor([[[1.25, 1.75], [-0.75, 1.5]], [[1.75, 1.0], [1.0, -1.5]]], requires_grad=True)
b = torch.tensor([[-1.5, 1.5], [-2.0, 0.5]], requires_grad=True)
(grad_b,) = torch.autograd.grad(torch.linalg.solve_triangular(a, b, upper=True, left=False).sum(),
                                b, create_graph=True)
print(grad_b.grad_fn.name(), [f.name() for f, _ in grad_b.grad_fn.next_functions])
