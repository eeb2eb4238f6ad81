# Issue 11 (task s34-c, no fuzz id): PyTorch's CPU kernels that allocate their result in the
# memory format their input suggests (convolution also by its weight's) give channels-last
# results for channels-last inputs: conv2d, avg / max / adaptive pooling (max pooling's
# indices too), upsampling, group_norm, constant / reflect / replicate padding, pixel
# (un)shuffle; adaptive_avg_pool2d to 1x1 restrides its mean to (C, 1, C, C).
# Elementwise ops follow TensorIterator's layout.
import torch
import torch.nn.functional as F

c = torch.arange(120.).reshape(2, 4, 5, 3).permute(0, 3, 1, 2) / 50
c1 = torch.arange(60.).reshape(1, 4, 5, 3).permute(0, 3, 1, 2) / 50
x = torch.arange(120.).reshape(2, 3, 4, 5) / 50
v = torch.arange(720.).reshape(2, 4, 5, 6, 3).permute(0, 4, 1, 2, 3) / 300
p = torch.arange(240.).reshape(2, 5, 6, 4).permute(0, 3, 1, 2)  # (2, 4, 5, 6)


def show(tag, f, values=True):
    t = f()
    print(tag, tuple(t.shape), t.stride(), t.is_contiguous(),
          t.is_contiguous(memory_format=torch.channels_last))
    if values:
        print(" ", t.flatten()[:6].tolist(), t.abs().sum().item())


show("relu", lambda: c.relu())
show("sigmoid", lambda: c.sigmoid())
show("gelu", lambda: F.gelu(c))
show("add c + x", lambda: c + x)
show("add x + c", lambda: x + c)
show("where", lambda: torch.where(c > 1, c, 0.))
show("softmax", lambda: c.softmax(1))
show("sum keepdim", lambda: c.sum(1, keepdim=True))
show("cat", lambda: torch.cat([c, c], 1))
show("reshape", lambda: c.reshape(2, -1))
weight = torch.arange(108.).reshape(4, 3, 3, 3) / 100
show("conv c", lambda: F.conv2d(c, weight))
show("conv x", lambda: F.conv2d(x, weight))
show("conv cl weight", lambda: F.conv2d(x, weight.contiguous(memory_format=torch.channels_last)))
show("conv pad", lambda: F.conv2d(c, weight, padding=1))
show("conv groups", lambda: F.conv2d(c, torch.ones(3, 1, 2, 2), groups=3))
show("conv 1x1", lambda: F.conv2d(c, torch.ones(4, 3, 1, 1)))
show("conv f64", lambda: F.conv2d(c.double(), weight.double()))
show("conv_transpose", lambda: F.conv_transpose2d(c, torch.ones(3, 2, 2, 2)))
show("avg_pool2d", lambda: F.avg_pool2d(c, 2))
show("avg_pool2d pad", lambda: F.avg_pool2d(c, 3, 1, 1))
show("avg_pool2d batch 1", lambda: F.avg_pool2d(c1, 2))
show("max_pool2d", lambda: F.max_pool2d(c, 2))
show("max_pool2d pad", lambda: F.max_pool2d(c, 3, 1, 1))
for args in [(2,), (3, 1, 1)]:
    out, indices = F.max_pool2d(c, *args, return_indices=True)
    print("max_pool2d indices", args, out.stride(), indices.stride(), indices.sum().item())
out, indices = F.adaptive_max_pool2d(c, 2, return_indices=True)
print("adaptive_max_pool2d indices", out.stride(), indices.stride(), indices.sum().item())
show("adaptive_avg 1", lambda: F.adaptive_avg_pool2d(c, 1))
show("adaptive_avg 1 batch 1", lambda: F.adaptive_avg_pool2d(c1, 1))
show("adaptive_avg 2", lambda: F.adaptive_avg_pool2d(c, 2))
show("adaptive_avg 3x2", lambda: F.adaptive_avg_pool2d(c, (3, 2)))
for mode in ["nearest", "nearest-exact", "bilinear", "bicubic"]:
    show(f"interpolate {mode}", lambda: F.interpolate(c, scale_factor=2, mode=mode))
show("interpolate antialias", lambda: F.interpolate(c, size=(2, 3), mode="bilinear",
                                                    antialias=True))
show("interpolate align_corners", lambda: F.interpolate(c, size=(7, 9), mode="bilinear",
                                                        align_corners=True))
show("interpolate size", lambda: F.interpolate(c, size=(8, 10), mode="nearest"))
show("trilinear", lambda: F.interpolate(v, scale_factor=2, mode="trilinear"))
show("group_norm", lambda: F.group_norm(c, 3, torch.arange(3.), torch.ones(3)))
show("group_norm 1 group", lambda: F.group_norm(c, 1))
show("batch_norm", lambda: F.batch_norm(c, None, None, training=True))
show("layer_norm", lambda: F.layer_norm(c, (5,)))
show("pad constant", lambda: F.pad(c, (1, 1, 1, 1)))
show("pad crop", lambda: F.pad(c, (-1, 0, 0, 0)))
show("pad 5-d", lambda: F.pad(v, (1, 1)))
show("pad reflect", lambda: F.pad(c, (1, 1, 1, 1), mode="reflect"))
show("pad replicate", lambda: F.pad(c, (1, 1, 1, 1), mode="replicate"))
show("pixel_shuffle", lambda: F.pixel_shuffle(p, 2))
show("pixel_unshuffle", lambda: F.pixel_unshuffle(p[:, :, :4].contiguous(
    memory_format=torch.channels_last), 2))
# gradients: hooks on the results and the leaves' .grad
for name, op in [("max_pool2d", lambda a: F.max_pool2d(a, 3, 1, 1)),
                 ("interpolate", lambda a: F.interpolate(a, scale_factor=2, mode="bilinear")),
                 ("pad", lambda a: F.pad(a, (1, 1, 1, 1))),
                 ("conv", lambda a: F.conv2d(a, weight)),
                 ("group_norm", lambda a: F.group_norm(a, 3))]:
    leaf = c.detach().requires_grad_()
    y = op(leaf)
    y.register_hook(lambda g, name=name: print(" hook", name, g.stride()))
    (y * y).sum().backward()
    show(f"grad {name}", lambda: leaf.grad, values=name != "group_norm")
