# Issue 11 (fuzz 8:12584, 8:13162, and 7:12352's neighbour): soft_margin_loss's gradient node
# is differentiated by PyTorch's own formulas (soft_margin_loss_double_backward and
# ..._grad_output), so the nodes of the second derivative are PyTorch's; it saves the target:
# an in-place change to it after create_graph fails the version check.
import torch
import torch.nn.functional as F


def tree(node, depth=0):
    """The node names, six levels deep."""
    if node is None:
        return "None"
    if not node.next_functions or depth >= 6:
        return node.name()
    return node.name() + "[" + ", ".join(tree(n, depth + 1) for n, _ in node.next_functions) + "]"


for reduction in ["none", "mean", "sum"]:
    for target_dtype in [torch.float32, torch.float64]:
        x = torch.tensor([3.157, -0.501, 0.25], dtype=torch.float64, requires_grad=True)
        target = torch.tensor([-2.0, 0.5, 1.0], dtype=target_dtype)
        loss = F.soft_margin_loss(x, target, reduction=reduction)
        grad_output = torch.ones(loss.shape, dtype=loss.dtype).mul(0.5).requires_grad_()
        (g,) = torch.autograd.grad(loss, x, grad_output, create_graph=True)
        print(reduction, target_dtype, g, tree(g.grad_fn))
        v = torch.tensor([0.0, -0.5, 2.0], dtype=torch.float64)
        a, b = torch.autograd.grad(g, [x, grad_output], v, create_graph=True)
        print(" ", a, tree(a.grad_fn))
        print(" ", b, tree(b.grad_fn))
        (a2,) = torch.autograd.grad(a.sum(), x, allow_unused=True)
        print(" ", a2)
        target.mul_(1)
        try:
            torch.autograd.grad(g, x, v)
            print("  no error")
        except RuntimeError as e:
            print(" ", str(e)[:110])
x = torch.tensor([0.5, -1.0], requires_grad=True)
target = torch.tensor([1.0, -1.0])
(g,) = torch.autograd.grad(F.soft_margin_loss(x, target), x, create_graph=True)
g.sum().backward()
print(x.grad, tree(g.grad_fn))
# float16: the second derivative as PyTorch computes it, op by op in float16
x = torch.tensor([3.157, -0.501, 0.25], dtype=torch.float16, requires_grad=True)
target = torch.tensor([-2.0, 0.5, 1.0], dtype=torch.float16)
(g,) = torch.autograd.grad(F.soft_margin_loss(x, target), x, create_graph=True)
print(g, torch.autograd.grad(g.sum(), x))
x = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
(g,) = torch.autograd.grad(F.soft_margin_loss(x, torch.tensor([1.0, -1.0])), x,
                           create_graph=True)
print(g.grad_fn._saved_target, g.grad_fn._saved_self, g.grad_fn._saved_grad_output)
