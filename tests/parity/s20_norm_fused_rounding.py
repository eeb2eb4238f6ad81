# Batch and instance norm round as PyTorch's float32 CPU kernel: the mean from a float64
# sum, y = fma(x, alpha, beta) with beta = fma(-mean, alpha, bias), which leaves the rounding
# error of mean * alpha where x equals the mean (+-2**-16 for a constant channel, not 0).
# Values are printed times 2**16 so that the residual shows within the parity tolerance.
import torch

F = torch.nn.functional
def show(label, t):
    print(label, [round(v * 65536, 3) for v in t.detach().reshape(-1).tolist()])
x = torch.tensor([[[1.5, 1.5], [1.5, 1.0]], [[1.0, 0.75], [-0.75, 0.5]]], requires_grad=True)
show("instance", F.instance_norm(x))
x = torch.tensor([[[-1.5, -1.5]], [[-1.5, -1.75]]], requires_grad=True)
rm, rv = torch.tensor([-1.033]), torch.tensor([2.5])
show("instance running", F.instance_norm(x, running_mean=rm, running_var=rv))
print("running", rm.tolist(), rv.tolist())
for v in (0.3, -1.7, 123.456, 1e-3):
    show(f"constant {v}", F.instance_norm(torch.full((1, 2, 5), v)))
# a pole downstream shows the last bits of the normalised values
x = torch.tensor([[[[-2.742], [-0.201]]]], requires_grad=True)
y = F.instance_norm(x, running_mean=torch.tensor([2.0]), running_var=torch.tensor([2.25]))
print("digamma", y.digamma().tolist())
w, b = torch.tensor([0.7, -1.3]), torch.tensor([0.25, -2.0])
x = torch.tensor([[[0.1, 0.1, 0.1], [2.0, 2.5, -1.0]], [[0.1, 0.1, 0.1], [0.5, 0.5, 0.5]]])
show("batch affine", F.batch_norm(x, None, None, w, b, training=True) - b[:, None])
rm, rv = torch.tensor([0.1, 2.0]), torch.tensor([0.5, 1.5])
show("batch eval", F.batch_norm(x, rm, rv, training=False))
show("instance eval", F.instance_norm(x, rm, rv, use_input_stats=False))
# larger inputs: float32 passes with the residual added, the same at a constant channel
x = torch.randn(2, 3, 1000, generator=torch.Generator().manual_seed(0))
x[:, 1] = 0.3
y = F.batch_norm(x, None, None, training=True)
show("large constant", y[:, 1, :3])
# half inputs: PyTorch's kernel rounds in float32 without the residual there
for dtype in (torch.float16, torch.bfloat16):
    x = torch.full((1, 2, 4), 1.5, dtype=dtype)
    show(f"constant {dtype}", F.instance_norm(x).float())
    show(f"eval {dtype}", F.batch_norm(x, torch.full((2,), 1.5), torch.ones(2)).float())
