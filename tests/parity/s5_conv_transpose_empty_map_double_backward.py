# Fuzz seed 5: a transposed convolution whose output map is empty (padding eats it) in a
# non-empty batch: the weight's gradient under create_graph is zeros, but differentiating it
# raises, as PyTorch's double backward convolves the empty gradient map for the input's term
# (needed or not) and refuses it.
import torch

F = torch.nn.functional
cases = ((F.conv_transpose2d, torch.ones(1, 2, 2, 4), torch.ones(2, 1, 1, 2), 2),
         (F.conv_transpose1d, torch.ones(2, 2, 1), torch.ones(2, 3, 2), 1),
         (F.conv_transpose2d, torch.ones(0, 2, 2, 4), torch.ones(2, 1, 1, 2), 2))
for conv, x, w, groups in cases:
    for input_grad in (False, True):
        x = x.clone().requires_grad_(input_grad)
        w = w.clone().requires_grad_()
        out = conv(x, w, None, groups=groups, padding=1)
        (g,) = torch.autograd.grad(out.sum(), w, create_graph=True)
        print(out.shape, g.shape, g.grad_fn.name())
        try:
            g.sum().backward()
            print(w.grad, x.grad)
        except RuntimeError as error:
            print('RuntimeError', error)
