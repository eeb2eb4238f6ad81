# Fuzz (3:16183, whose workers run one intra-op thread): a convolution of one input channel by
# a 1x1 kernel that PyTorch runs natively (im2col + GEMM, not oneDNN) gives each output as
# its one product, so x * -0. keeps its sign and the padding gives 0 * w (-0. for w <= -0.);
# log of those zeros and the gradient through them (grad / x) show the signs.
import torch

F = torch.nn.functional
torch.set_num_threads(1)
x = torch.tensor([[[[-2.0, 1.75], [-0.5, -0.25], [1.0, -1.75]]], [[[-0.25, -2.0], [2.0, 0.0],
                                                                   [-0.25, -0.5]]]])
w = torch.tensor([[[[-0.0]]], [[[-0.25]]]], requires_grad=True)
y = F.conv2d(x, w, None, padding=1)
print(y.signbit().int())
(g,) = torch.autograd.grad(torch.log(y), y, torch.ones_like(y), create_graph=True)
print(g[0])
print(F.conv2d(x.double(), w.double(), torch.tensor([-0.0, 0.0], dtype=torch.float64),
               stride=2).signbit().int())
print(F.conv1d(x[0, :, 0], w[:, :, 0], padding=2).signbit().int())
