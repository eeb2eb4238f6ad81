# A transposed convolution with an output of length 0: PyTorch returns an empty result where
# it runs on oneDNN, which for a 1x1 kernel depends on its intra-op thread count (more than
# one thread), and refuses it on its native kernel; set_num_threads here decides it alike.
import torch

F = torch.nn.functional
for threads in (1, 2):
    torch.set_num_threads(threads)
    for n, k, pad in ((2, 1, 2), (1, 1, 2), (2, 1, 1)):
        x = torch.ones(n, 1, 4, requires_grad=True)
        w = torch.ones(1, 1, k, requires_grad=True)
        try:
            y = F.conv_transpose1d(x, w, padding=pad)
            y.sum().backward()
            print(threads, n, k, pad, tuple(y.shape), x.grad.sum().item(), w.grad.sum().item())
        except Exception as e:
            print(threads, n, k, pad, type(e).__name__, e)
