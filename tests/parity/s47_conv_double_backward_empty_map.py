# A transposed convolution whose output map is empty in its width: its double backward
# convolves for the weight's term whether or not the weight needs it, and PyTorch refuses
# that convolution's empty map in a non-empty batch (fuzz 79:3167).
import torch
import torch.nn.functional as F

for groups in (1, 2):
    for weight_grad in (False, True):
        x = torch.ones(2, 2, 4, 2, requires_grad=True)
        w = torch.ones(2, 4 // groups, 2, 1, requires_grad=weight_grad)
        b = torch.zeros(4, requires_grad=True)
        y = F.conv_transpose2d(x, w, b, stride=1, groups=groups, padding=1)
        go = torch.zeros(y.shape, requires_grad=True)
        gx = torch.autograd.grad([y], [x, b], grad_outputs=[go], create_graph=True,
                                 allow_unused=True)[0]
        try:
            gx.sum().backward()
            print(groups, weight_grad, tuple(y.shape), "ok", go.grad.shape,
                  None if w.grad is None else w.grad.shape)
        except RuntimeError as e:
            print(groups, weight_grad, tuple(y.shape), e)
