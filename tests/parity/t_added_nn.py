# nn ops added for the fuzzer's missing-op tasks: pixel_shuffle / unshuffle, F.unfold / F.fold,
# multilabel_margin_loss, the in-place activations, and interpolate's bicubic, area,
# trilinear, nearest-exact and antialiased modes (values, node names, gradients, errors).
import torch
F = torch.nn.functional
x = torch.arange(16.).reshape(1, 4, 2, 2).requires_grad_()
y = F.pixel_shuffle(x, 2)
print(y, y.grad_fn.name(), F.pixel_unshuffle(y, 2).equal(x))
(y * torch.arange(16.).reshape(1, 1, 4, 4)).sum().backward()
print(x.grad)
cols = F.unfold(x, 2, padding=1)
print(cols.shape, cols.grad_fn.name(), F.fold(cols, (2, 2), 2, padding=1))
for bad in [lambda: F.unfold(x, 5), lambda: F.fold(cols, (3, 3), 2), lambda: F.pixel_shuffle(x, 3)]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
t = torch.tensor([[0.1, 0.2, 0.4, 0.8], [0.3, -0.2, 0.5, 0.1]], requires_grad=True)
target = torch.tensor([[3, 0, -1, 1], [1, 2, 3, -1]])
loss = F.multilabel_margin_loss(t, target)
loss.backward()
print(loss, t.grad, F.multilabel_margin_loss(t, target, reduction='none'))
print(F.elu_(t.detach().clone()), F.hardtanh_(t.detach().clone(), -0.2, 0.2),
      torch.selu_(t.detach().clone()), F.leaky_relu_(t * 1, 0.5).grad_fn.name())
img = torch.tensor([[[[1., 2., 0.], [4., -1., 3.], [0.5, 2., 1.]]]], requires_grad=True)
for kwargs in [dict(scale_factor=2, mode='bicubic'), dict(size=2, mode='area'),
               dict(size=4, mode='nearest-exact'), dict(size=(2, 2), mode='bilinear', antialias=True),
               dict(scale_factor=0.7, mode='bicubic', antialias=True, align_corners=True)]:
    out = F.interpolate(img, **kwargs)
    print(kwargs, out, out.grad_fn.name())
vol = torch.arange(8.).reshape(1, 1, 2, 2, 2).requires_grad_()
print(F.interpolate(vol, size=3, mode='trilinear'), F.interpolate(vol, size=1, mode='area'))
try:
    F.interpolate(img[0], size=3, mode='bilinear', antialias=True)
except ValueError as e:
    print(e)
