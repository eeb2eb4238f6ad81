# A tensor hook's in-place write to a 0-d leaf's gradient that is one element of an expanded
# gradient (sum's, through hstack): PyTorch writes the shared element, so the other leaf's
# gradient, taken afterwards, sees it too; a 1-d cat keeps them apart.
import torch
v0 = torch.tensor(1.254, requires_grad=True)
v1 = torch.tensor(1.0, requires_grad=True)
v2 = torch.hstack([v0, v1])
def hook3(grad):
    print('hook 3', grad, grad.stride())
    grad.mul_(3)
v1.register_hook(hook3)
v2.sum().backward()
print(v0.grad, v1.grad)
w0 = torch.tensor([1.254], requires_grad=True)
w1 = torch.tensor([1.0], requires_grad=True)
w1.register_hook(lambda g: g.mul_(3))
torch.cat([w0, w1]).sum().backward()
print(w0.grad, w1.grad)
