# F.threshold_ (and threshold(inplace=True), torch.threshold_) writes into a tensor whose
# elements share memory: PyTorch's threshold kernel skips the overlap check that relu_ and the
# other in-place activations make, so a broadcast gradient (sum's, stride 0) is written.
import torch

F = torch.nn.functional

v1 = torch.tensor([[0.0, 1.0], [-0.75, 0.0]], requires_grad=True)
g = torch.autograd.grad([v1.sum()], [v1])[0]
print(F.threshold_(g, 0.5, -1.0), g.stride())
print(F.threshold_(torch.tensor([1, 0, 3]).expand(2, 3), 1, 7))
base = torch.arange(6.0)
print(F.threshold_(base.as_strided((3, 3), (1, 1)), 2.5, -1.0), base)
e = torch.zeros(1).expand(2, 2)
print(F.threshold(e, 0.5, -1.0, inplace=True), torch.threshold_(e, -1.0, 3.0))
for name in ("relu_", "sigmoid_"):
    try:
        getattr(torch.zeros(1).expand(2, 2), name)()
    except RuntimeError as error:
        print(name, error)
