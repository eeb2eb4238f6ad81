# Fuzz (1:7247): a strided transposed convolution of a float32 batch of 2 or more runs on
# oneDNN in PyTorch; where the output width is not a multiple of the stride, its kernel also
# multiplies the taps past either end of the input's width, as zeros: with an infinite
# weight those outputs are NaN (not along the height, not when dilated). A batch of 1
# (PyTorch's native col2im) adds only products of real input values.
import torch

F = torch.nn.functional
x = torch.tensor([[[-1.25, -0.25, -0.25], [0.75, 0.5, -1.25]],
                  [[-1.25, 1.25, -0.5], [0.5, 0.25, 0.0]]], requires_grad=True)
w = torch.tensor([[[float("-inf"), -2.0, -1.5]], [[0.0, 1.25, -0.5]]])
print(F.conv_transpose1d(x, w, torch.tensor([-0.336]), stride=2))
print(F.conv_transpose1d(x[:1], w, None, stride=2))
v = torch.tensor([[[1.0, 2.0, float("inf")]], [[0.5, 0.0, -1.0]]])
for kwargs in ({"stride": 2}, {"stride": 3, "output_padding": 1}, {"stride": 2, "padding": 1},
               {"stride": 2, "dilation": 2}, {"stride": 3, "padding": 2, "output_padding": 2}):
    print(kwargs, F.conv_transpose1d(x, v, None, **kwargs))
print(F.conv_transpose1d(x.double(), v.double(), None, stride=2))
u = torch.tensor([[[1.0, 0.5, -2.0, 0.25, float("inf")]], [[0.5, 0.0, -1.0, 1.0, 2.0]]])
for kwargs in ({"stride": 2}, {"stride": 2, "output_padding": 1}, {"stride": 3, "padding": 1}):
    print(kwargs, F.conv_transpose1d(x, u, None, **kwargs))
    print(F.conv_transpose1d(x, u.flip(2), None, **kwargs))
print(F.conv_transpose2d(x[:, :, None].expand(2, 2, 2, 3), u[:, :, None].expand(2, 1, 2, 5),
                         stride=(2, 3)))
