# float64 log_softmax along a dim other than the last, forward and gradient, as PyTorch's
# kernels compute it: vectors of inner columns through SLEEF's double exp (4 lanes on AVX2,
# 8 on AVX-512), the columns left over through C's exp, sums in order, SLEEF's log of the
# sums, the backward's ``grad - exp(output) * sum`` one fused multiply-add; also
# cross_entropy over a class dim that is not last, and a gradient with create_graph.
import torch
import torch.nn.functional as F
from _double_bits import bits, values

for threads in (1, 2):
    torch.set_num_threads(threads)
    for shape, dim in (((7, 33, 5), 0), ((7, 33, 5), 1), ((5, 7), 0), ((4, 16), 0),
                       ((6, 33), 0), ((2, 5, 11), 1), ((3, 4, 9), 0), ((1, 9, 8), 1),
                       ((2, 3, 4, 5), 2), ((3, 9, 12), 1)):
        x = values(shape, 0.3).requires_grad_()
        y = F.log_softmax(x, dim)
        y.backward(values(shape, 1.1))
        print(threads, shape, dim, bits(y.detach()), bits(x.grad))

x = values((6, 11, 9), 0.7).requires_grad_()
labels = (torch.arange(54) * 7 % 11).reshape(6, 9)
loss = F.cross_entropy(x, labels)
loss.backward()
print("cross_entropy", bits(loss.detach()), bits(x.grad))

x = values((5, 13, 6), 0.2).requires_grad_()
(grad,) = torch.autograd.grad(torch.log_softmax(x, 1), x, values((5, 13, 6), 1.9),
                              create_graph=True)
(second,) = torch.autograd.grad((grad * grad).sum(), x)
print("create_graph", bits(grad.detach()), bits(second))
