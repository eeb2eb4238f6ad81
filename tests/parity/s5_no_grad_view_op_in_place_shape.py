# Fuzz seed 5: an in-place view op (swapdims_, t_, squeeze_, unsqueeze_) under no_grad on a
# tensor with a grad_fn changes its shape, but not what the graph recorded of it: a
# gradient flowing to it in its new shape is checked against the old one, raising PyTorch's
# "returned an invalid gradient" error (or, where the shapes are compatible, summed to the
# old shape before the saved-result version check raises).
import torch

a = torch.tensor([[[2.0, -0.75, 1.5], [1.25, -0.75, -2.0]], [[2.0, -0.75, 1.25],
                  [-1.0, -1.0, 1.25]], [[0.75, -0.25, -1.0], [1.0, 0.0, -1.0]]],
                 requires_grad=True)
changes = (lambda x: x.swapdims_(1, -3), lambda x: x.unsqueeze_(0),
           lambda x: x.transpose_(0, 2).unsqueeze_(1))
uses = (lambda x: x.sum(), lambda x: x.take(torch.zeros((0,), dtype=torch.int64)).sum(),
        lambda x: (x * 2).sum())
for change in changes:
    for use in uses:
        x = torch.sigmoid(a)
        with torch.no_grad():
            change(x)
        print(x.shape, x._version, x.grad_fn.name())
        try:
            use(x).backward()
            print(a.grad.shape)
        except RuntimeError as error:
            print('RuntimeError', str(error)[:120])
y = torch.exp(a[0, :1])
with torch.no_grad():
    y.t_()
try:
    (y * 1).sum().backward(create_graph=True)
except RuntimeError as error:
    print('RuntimeError', str(error)[:120])
