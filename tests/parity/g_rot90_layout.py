# Fuzz 0:16705: rot90's result is laid out as PyTorch's (a flipped copy in the input's layout,
# seen through a transpose for an odd number of quarter turns; a contiguous clone for none),
# which decides how matmul of it dispatches (bmm of its reshape alias, not a folded mm).
import torch

v0 = torch.arange(32.0).reshape(4, 4, 2).requires_grad_()
for base in (v0, v0.detach().permute(2, 0, 1).requires_grad_()):
    for k in range(-1, 5):
        for dims in ([0, 1], [1, 2], [2, 0]):
            r = base.rot90(k, dims)
            weights = torch.arange(r.numel()).reshape(r.shape)
            (r * weights).sum().backward()
            print(k, dims, tuple(r.shape), r.stride(), r.is_contiguous(), base.grad.sum().item())
            base.grad = None

# the fuzzer's program
v0 = torch.linspace(-2.0, 2.0, 32).reshape(4, 4, 2).requires_grad_()
v1 = v0.rot90(1, [2, 0])
v3 = v1 @ torch.tensor([[1.5, 1.5], [-0.5, -0.5], [-1.5, 0.75], [0.5, -1.0]])
print(v3.grad_fn.name(), [(f.name() if f else None, i) for f, i in v3.grad_fn.next_functions])
fn = v3.grad_fn.next_functions[0][0]
print(fn.name(), [(f.name() if f else None, i) for f, i in fn.next_functions])
v3.sum().backward()
print(v0.grad)
