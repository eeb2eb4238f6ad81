# layer_norm's input gradient as PyTorch's CPU kernel rounds it, a * dy * gamma + b * x + c
# (a = rstd, b = (db * mean - ds) * a^3 / N, c = -b * mean - db * a / N), on the plain and the
# create_graph paths: a row of two gives exactly 0 for the gradient of a sum (fuzz 14:10555)
# and its own last bits for other gradients (fuzz 14:9241).
import torch

F = torch.nn.functional


def bits(t):
    """Exact values (the parity check compares plain numbers within a tolerance)."""
    return [float(v).hex().replace("0x", "") for v in t.detach().reshape(-1).tolist()]
for create_graph in (False, True):
    v0 = torch.tensor([[1.279, 1.232], [-0.408, -1.226]], requires_grad=True)
    F.layer_norm(v0, [2]).sum().backward(create_graph=create_graph)
    print(v0.grad)
    v0 = torch.tensor([[[0.0, -0.25]]], requires_grad=True)
    v1 = F.layer_norm(v0, [1, 2])
    v1.grad_fn.register_prehook(lambda grads: tuple(g * 3 for g in grads))
    v1.neg().backward(torch.tensor([[[-1.5, -0.75]]]), create_graph=create_graph)
    print(v0.grad.tolist())
x = torch.tensor([[0.5, -1.25, 0.75, 2.0], [1.0, 1.0, -0.5, 0.25]], requires_grad=True)
w = torch.tensor([1.5, -0.5, 0.25, 2.0], requires_grad=True)
for dtype in (torch.float32, torch.float64):
    xd, wd = x.detach().to(dtype).requires_grad_(), w.detach().to(dtype).requires_grad_()
    out = F.layer_norm(xd, [4], wd)
    out.backward(torch.tensor([[1.0, 0.25, -0.5, 0.75], [2.0, -1.0, 0.5, 0.0]], dtype=dtype))
    print(bits(out), bits(xd.grad), bits(wd.grad))
