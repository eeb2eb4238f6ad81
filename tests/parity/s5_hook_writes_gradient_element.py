# Fuzz seed 5: a 0-d leaf's gradient that is one element of a broadcast gradient (stack's
# backward selects it from sum's expanded gradient) becomes .grad as it is; a
# post-accumulate-grad hook may write it in place (it has no elements that share memory),
# and the write reaches the memory it shares, here the gradient passed to backward.
import torch


def triple(param):
    param.grad.mul_(3)


a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
b.register_post_accumulate_grad_hook(triple)
torch.stack([a * 1, b], 0).sum().backward()
print(a.grad, b.grad)
b.grad = None
seed = torch.tensor(1.5)
torch.stack([a * 1, b], 0).sum().backward(seed)
print(b.grad, seed)
