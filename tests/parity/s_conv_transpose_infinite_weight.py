# Issue 11 (fuzz): a transposed convolution with an infinite weight as PyTorch's native
# col2im: only products of real input values are added, so an output position that no
# infinite tap reaches stays finite (no inf * 0 from inserted zeros). (PyTorch's oneDNN path,
# float32 with a batch of 2 or more and a stride, differs: not compared here.)
import torch

F = torch.nn.functional
x = torch.tensor([[-0.659, 2.251, 0.747, -1.595, 0.612], [-0.907, -1.931, 2.543, 1.785, -0.596]])
w = torch.tensor([[[1.5, 0.5, float("-inf")]], [[0.0, 1.75, -2.0]]])
print(F.conv_transpose1d(x, w, None, stride=2))
print(F.conv_transpose1d(x, w, None, stride=1, padding=1))
print(F.conv_transpose1d(x[None].repeat(2, 1, 1).double(), w.double(), None, stride=2,
                         output_padding=1))
print(F.conv_transpose2d(x[None, :, None], w[:, :, None], None, stride=(1, 3)))
