# In-place view ops (unsqueeze_, squeeze_ with no/one/several dims, t_, transpose_): the tensor's
# own shape changes, its version bumps, PyTorch's in-place node names, gradients, the leaf
# error, and a view that stays a view of its base.
import torch
a = torch.ones(2, 3, requires_grad=True)
b = a * 2
print(b.unsqueeze_(0).shape, b.grad_fn.name(), b._version)
b.squeeze_(0); print(b.shape, b.grad_fn.name(), b._version)
b.t_(); print(b.shape, b.grad_fn.name())
b.transpose_(0, 1); print(b.shape, b.grad_fn.name())
(b * torch.arange(6.).reshape(2, 3)).sum().backward(); print(a.grad)
try: a.t_()
except RuntimeError as e: print(e)
c = torch.ones(2, 1); c.squeeze_(); print(c.shape)
x = torch.ones(1, 2, 1, requires_grad=True)
for dims in (None, 0, (0, 2)):
    y = x * 1
    (y.squeeze_() if dims is None else y.squeeze_(dims))
    print(y.shape, y.grad_fn.name(), (x * 1).squeeze(*(() if dims is None else (dims,))).grad_fn.name())
w = torch.ones(2, 3); v = w[0]; v.unsqueeze_(0); print(v.shape, v._is_view(), v._base is w, w.shape)
v.fill_(5); print(w)
