# Layouts of one-input results and elementwise losses (differential layout sweep, no fuzz id):
# elu / selu / celu / hardshrink / softshrink take PyTorch's one-input iterator layout (a
# permuted input's strides, a size-1 dim's included), prelu the iterator's with the broadcast
# weight, deg2rad / rad2deg a product with a wrapped number's; integer and bool conversions
# (int(), long(), bool(), to(copy=True)) PyTorch's preserve_format (an expanded input gives C
# order, a size-1 dim keeps its stride); smooth_l1_loss the iterator's, huber_loss
# empty_like(input)'s; soft_margin_loss is log1p(exp(-input * target)), so -input's layout
# leads the product (an expanded input gives C order, not the target's).
import torch

F = torch.nn.functional
odd = torch.arange(12.0).reshape(4, 1, 3).permute(2, 1, 0) - 5
column = (torch.arange(5.0).reshape(1, 5) - 2).t()
broad = (torch.arange(4.0) - 1).reshape(1, 4).expand(3, 4)
swapped = torch.arange(12.0).reshape(4, 3).t() / 7
ops = {"elu": F.elu, "selu": F.selu, "celu": F.celu, "hardshrink": F.hardshrink,
       "softshrink": F.softshrink, "prelu": lambda x: F.prelu(x, torch.tensor([0.25])),
       "deg2rad": torch.deg2rad, "rad2deg": torch.rad2deg, "int": lambda x: x.int(),
       "long": lambda x: x.long(), "bool": lambda x: x.bool(),
       "to int32, copy": lambda x: x.to(torch.int32, copy=True),
       "long + 0.5": lambda x: x.long() + 0.5, "long / 3": lambda x: x.long() / 3,
       "smooth_l1": lambda x: F.smooth_l1_loss(x, x * 2, reduction="none"),
       "huber": lambda x: F.huber_loss(x, x * 2, reduction="none")}
for name, op in ops.items():
    print(name, *(op(x).stride() for x in (odd, column, broad)))
print(F.elu(odd).transpose(0, 2).view(-1)[:4],  # (a view only where the layout is PyTorch's)
      F.prelu(odd, torch.tensor([0.25])).transpose(0, 2).view(-1)[:4])
for x, t in ((broad, swapped), (swapped, broad), (swapped, swapped.contiguous())):
    print("soft_margin", F.soft_margin_loss(x, t, reduction="none").stride())
