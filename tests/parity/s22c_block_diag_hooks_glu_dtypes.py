# block_diag's node computes every input's gradient, also for inputs that need none (its
# post-hook sees them all; fuzz 15:16108); glu refuses integer and bool inputs, also empty
# ones (fuzz 15:18260), after its shape checks.
import torch

F = torch.nn.functional

for other_shape in ((1, 2), (), (2,)):
    for restrict in (False, True):
        a = torch.tensor([[1.0, 2.0]], requires_grad=True)
        a2 = a * 1
        out = torch.block_diag(a2, torch.ones(other_shape) * 3)
        out.grad_fn.register_hook(lambda gi, go: print("hook", list(gi)))
        if restrict:
            out.backward(torch.ones_like(out), inputs=[a2])
        else:
            out.backward(torch.ones_like(out))
        print(other_shape, restrict, a.grad)

for dtype in (torch.int64, torch.int32, torch.bool, torch.float16, torch.float64):
    for shape in ((0, 2), (2, 2), (3,)):
        try:
            print(dtype, shape, F.glu(torch.zeros(shape, dtype=dtype), -1))
        except (RuntimeError, NotImplementedError) as error:
            print(dtype, shape, type(error).__name__, error)
