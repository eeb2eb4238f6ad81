# Fuzz (3:11892): a tensor exponent is C's pow at every element, also where it is one number
# broadcast: (-inf) ** 0.5 is inf and (-0.) ** 0.5 is 0. (A Python number 0.5 is sqrt in
# PyTorch: NaN and -0. there, but in float16, whose kernel is pow there too.)
import torch

x = torch.logit(torch.tensor([False, False]))
print(x.pow(torch.tensor([[1.5], [0.5]], requires_grad=True)))
z = torch.tensor([float("-inf"), -0.0, 4.0, 0.0])
for dtype in (torch.float32, torch.float64, torch.float16):
    t = z.to(dtype)
    for e in (torch.tensor(0.5), torch.tensor([[0.5]]), torch.tensor(0.5).expand(4)):
        r = t.pow(e.to(dtype))
        print(r, r.signbit())
    print(t.pow(0.5), t.pow(0.5)[1:].signbit(), t.pow(-0.5))
    print(torch.pow(t, torch.tensor([0.5, 0.5, 0.5, 2.0]).to(dtype)))
