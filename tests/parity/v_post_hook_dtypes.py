# The gradients a node's post-hook receives are in each input's dtype, as PyTorch's
# validate_outputs casts them before the post-hooks run: reductions with dtype= (nansum,
# nanmean and vector_norm sum in dtype inside their own node, no ToCopyBackward0), mixed-dtype
# cat/stack (also for inputs the pass does not need), and the narrowing dtypes vector_norm
# refuses.
import torch

F = torch.nn.functional
d = torch.float64
x = torch.tensor([[1.25, -0.75, 0.25], [0.5, 1.0, 2.0]], requires_grad=True)
x64 = torch.tensor([[1.5, 2.0, 0.5], [0.5, 1.0, 2.0]], dtype=d, requires_grad=True)
xi = torch.tensor([[1, 2, 3], [4, 5, 6]])
cases = {
    "sum": lambda: x.sum(dtype=d), "sum dim": lambda: x.sum(1, dtype=d), "nansum": lambda: x.nansum(dtype=d),
    "nansum dim": lambda: x.nansum(1, dtype=d), "mean": lambda: x.mean(dtype=d), "mean dim": lambda: x.mean(1, dtype=d),
    "prod": lambda: x.prod(dtype=d), "prod dim": lambda: x.prod(1, dtype=d), "cumsum": lambda: x.cumsum(1, dtype=d),
    "cumprod": lambda: x.cumprod(1, dtype=d), "softmax": lambda: F.softmax(x, 1, dtype=d),
    "log_softmax": lambda: F.log_softmax(x, 1, dtype=d), "norm": lambda: torch.linalg.vector_norm(x, dtype=d),
    "cat": lambda: torch.cat([x, x64]), "stack": lambda: torch.stack([x, x64]), "add": lambda: x + x64,
    "mul": lambda: x * x64, "where": lambda: torch.where(x > 0, x, x64), "to": lambda: x.to(d),
    "double": lambda: x.double(), "hstack": lambda: torch.hstack([x, x64]), "vstack": lambda: torch.vstack([x, x64]),
    "cat int": lambda: torch.cat([x, xi]), "atan2": lambda: torch.atan2(x, x64),
    "maximum": lambda: torch.maximum(x, x64), "addcmul": lambda: torch.addcmul(x, x64, x), 
    "block_diag": lambda: torch.block_diag(x, x64), "dstack": lambda: torch.dstack([x, x64]),
    "logsumexp": lambda: torch.logsumexp(x, 1), "sub": lambda: x64 - x, "div": lambda: x / x64, "pow": lambda: x ** x64,
    "concatenate": lambda: torch.concatenate([x, x64]), "trace": lambda: torch.trace(x),
}
for k, f in cases.items():
    y = f()
    seen = []
    y.grad_fn.register_hook(lambda gi, go, seen=seen: seen.append(
        ([None if g is None else str(g.dtype) for g in gi], [str(g.dtype) for g in go])))
    torch.autograd.grad(y.sum(), [x], allow_unused=True)
    print(k, y.grad_fn.name(), [f.name() if f else None for f, _ in y.grad_fn.next_functions],
          seen)
for inputs in ([x], [x64]):
    y = torch.cat([x, x64])
    y.grad_fn.register_hook(lambda gi, go: print(" cat post-hook", [g.dtype for g in gi]))
    print(torch.autograd.grad(y.mean(), inputs)[0].dtype)
print(x.nanmean(dtype=d).grad_fn.next_functions[0][0].next_functions[0][0].name())
for label, fn in (("int", lambda: torch.linalg.vector_norm(xi, dtype=d)),
                  ("half", lambda: torch.linalg.vector_norm(x, dtype=torch.float16)),
                  ("narrowing", lambda: torch.linalg.vector_norm(x64, dtype=torch.float32)),
                  ("norm", lambda: torch.norm(x64, dtype=torch.float32)),
                  ("nanmean int", lambda: xi.nanmean(dtype=d))):
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError", e)
