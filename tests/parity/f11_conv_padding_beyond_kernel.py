# Issue 11 (fuzz): convolutions whose padding reaches beyond the kernel (every tap offset
# negative, more outputs than inputs) compute as PyTorch, with bias and gradients, instead of
# a broadcast error from the block layout.
import torch

F = torch.nn.functional
for length, kernel, padding, stride in [(2, 1, 1, 1), (5, 1, 1, 1), (2, 1, 2, 1), (3, 2, 2, 1),
                                        (2, 1, 1, 2), (4, 1, 3, 1), (1, 1, 1, 1), (6, 3, 4, 2)]:
    x = torch.arange(2.0 * length).reshape(2, 1, length).requires_grad_()
    w = (torch.arange(2.0 * kernel).reshape(2, 1, kernel) / 4).requires_grad_()
    b = torch.tensor([2.0, -1.0], requires_grad=True)
    y = F.conv1d(x, w, b, padding=padding, stride=stride)
    print(length, kernel, padding, stride, y.tolist())
    with torch.no_grad():  # (the forward kernel without autograd)
        print(F.conv1d(x, w, b, padding=padding, stride=stride).tolist())
        print(F.conv1d(x, w, padding=padding, stride=stride).tolist())
    print([g.tolist() for g in torch.autograd.grad((y * y).sum(), (x, w, b))])
    x2 = torch.arange(12.0 * length).reshape(2, 2, 3, length).requires_grad_()
    w2 = torch.ones(3, 2, 1, kernel, requires_grad=True)
    y2 = F.conv2d(x2, w2, torch.tensor([1.0, 0.0, -1.0]), padding=padding, stride=stride)
    print(tuple(y2.shape), y2.sum().item())
    with torch.no_grad():
        print(F.conv2d(x2, w2, padding=padding, stride=stride).sum().item())
    print([g.sum().item() for g in torch.autograd.grad((y2 * y2).sum(), (x2, w2))])
