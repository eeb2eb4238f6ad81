# The layouts of gradients (differential layout sweep, no fuzz id): what a tensor hook on a
# leaf receives, and .grad. PyTorch's threshold_backward (relu) and leaky_relu_backward
# iterate (input, grad), so the input's layout leads; where's, clamp's and maximum's
# gradients are where(mask, grad, 0) with the mask (the input's layout) first; a 2-norm's is
# grad * (x / norm).masked_fill_(...), in place, so x's layout; mse / smooth_l1 / huber
# backward write into zeros_like(input, contiguous_format), as does a whole-tensor max's;
# and .grad copied for a leaf with a size-1 dim of another stride keeps that stride
# (empty_strided like the leaf).
import torch

F = torch.nn.functional


def leaves():
    base = torch.arange(120.0).sin()
    return {"transposed": base[:12].reshape(4, 3).t(),
            "permuted": base[:24].reshape(4, 2, 3).permute(1, 2, 0),
            "channels-last": base.reshape(2, 3, 4, 5).contiguous(memory_format=torch.channels_last),
            "expanded": base[:4].reshape(1, 4).expand(3, 4),
            "size-1 dim": base[:5].reshape(1, 5).t()}


ops = {"relu": F.relu, "leaky_relu": F.leaky_relu, "where": lambda x: torch.where(x > 0, x, torch.zeros(())),
       "clamp": lambda x: x.clamp(-0.5, 0.5), "maximum": lambda x: torch.maximum(x, torch.zeros(x.shape)),
       "norm": lambda x: x.norm(), "norm along the last dim": lambda x: x.norm(dim=-1),
       "mse": lambda x: F.mse_loss(x, torch.zeros(x.shape)),
       "mse, none": lambda x: F.mse_loss(x, torch.zeros(x.shape), reduction="none"),
       "smooth_l1": lambda x: F.smooth_l1_loss(x, torch.zeros(x.shape)),
       "huber": lambda x: F.huber_loss(x, torch.zeros(x.shape)), "max": lambda x: x.max(),
       "sum": lambda x: x.sum(), "sum, dim 0 kept": lambda x: x.sum(0, keepdim=True)}
for name, op in ops.items():
    for kind, x in leaves().items():
        x = x.detach().requires_grad_()
        seen = []
        x.register_hook(lambda g: seen.append(g.stride()))
        op(x).sum().backward()
        print(name, kind, seen, x.grad.stride())
x = leaves()["transposed"].detach().requires_grad_()
(g,) = torch.autograd.grad(F.relu(x).sum(), x, create_graph=True)
print("relu, create_graph", g.stride())
(g,) = torch.autograd.grad(F.mse_loss(x, torch.zeros(3, 4)), x, create_graph=True)
print("mse, create_graph", g.stride())
