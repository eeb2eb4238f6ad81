# bmm (and matmul through it) with an empty dim never runs PyTorch's kernel: the result is
# zeros of mat2's dtype and mixed or bool dtypes are not refused; non-empty ones still are.
import torch


def attempt(label, fn):
    try:
        out = fn()
        print(label, out.dtype, tuple(out.shape), out.tolist())
    except RuntimeError as e:
        print(label, "RuntimeError", e)


shapes = [((3, 2, 0), (3, 0, 2)), ((3, 0, 2), (3, 2, 2)), ((3, 2, 2), (3, 2, 0)),
          ((0, 2, 2), (0, 2, 2)), ((3, 2, 3), (3, 3, 2))]
for a, b in shapes:
    for da, db in ((torch.float32, torch.int64), (torch.int64, torch.float32),
                   (torch.float64, torch.float32), (torch.bool, torch.bool)):
        attempt(f"bmm {a} {da} @ {b} {db}",
                lambda: torch.bmm(torch.zeros(a, dtype=da), torch.zeros(b, dtype=db)))
attempt("matmul", lambda: torch.matmul(torch.zeros(3, 2, 0), torch.zeros(3, 0, 2,
                                                                          dtype=torch.int64)))
attempt("matmul broadcast", lambda: torch.matmul(torch.zeros(1, 3, 2, 0),
                                                 torch.zeros(3, 0, 2, dtype=torch.int64)))
x = torch.zeros(3, 2, 0, requires_grad=True)
w = torch.zeros(3, 0, 2, dtype=torch.float64, requires_grad=True)
y = torch.bmm(x, w)
print(y.dtype, y.grad_fn.name())
y.sum().backward()
print(x.grad.dtype, tuple(x.grad.shape), w.grad.dtype, tuple(w.grad.shape))
