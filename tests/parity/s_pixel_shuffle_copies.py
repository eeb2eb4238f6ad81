# Issue 11 (fuzz): pixel_shuffle and pixel_unshuffle always return a new tensor, also when
# the shuffle moves nothing (factor 1, or sizes 1): writing into the result leaves the input.
import torch

F = torch.nn.functional
x = torch.tensor([[[[-1.465]], [[1.993]], [[1.527]], [[-3.094]]]])
F.pixel_shuffle(x, 2).fill_(1)
F.pixel_unshuffle(x, 1).mul_(-1)
print(x)
y = torch.tensor([[[[2.0], [0.75]]]])
F.pixel_unshuffle(y, 1).flatten().scatter_add_(0, torch.tensor([0]), torch.tensor([4.25]))
F.pixel_shuffle(y, 1).zero_()
print(y)
