# float64 softmax along a dim other than the last, forward and gradient, as PyTorch's
# kernels compute it: vectors of inner columns through SLEEF's double exp, the columns left
# over through C's exp (which ones: by the threads' chunks), sums in order, the backward's
# sum one fused multiply-add a step.
import torch
from _double_bits import bits, values

for threads in (1, 2):
    torch.set_num_threads(threads)
    for shape, dim in (((5, 7), 0), ((3, 9), 0), ((4, 16), 0), ((6, 33), 0), ((2, 5, 11), 1),
                       ((3, 4, 9), 0), ((1, 9, 8), 1), ((2, 3, 4, 5), 2)):
        x = values(shape, 0.3).requires_grad_()
        y = torch.softmax(x, dim)
        y.backward(values(shape, 1.1))
        print(threads, shape, dim, bits(y.detach()), bits(x.grad))
