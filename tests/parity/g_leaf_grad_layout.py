# PyTorch's layout contract for AccumulateGrad: the first .grad of a leaf whose memory is
# dense but not C-contiguous (transposed, permuted) takes the leaf's strides; that of a leaf
# with gaps or overlaps (a strided slice, an expanded tensor) is contiguous. With and
# without create_graph, for a gradient that is expanded, produced by a formula, or the
# caller's own.
import warnings

import torch

warnings.simplefilter("ignore")  # (backward(create_graph=True)'s reference-cycle warning)

for label, make in [("t", lambda: torch.ones(3, 4).t()),
                    ("permute", lambda: torch.ones(2, 3, 4).permute(2, 0, 1)),
                    ("slice", lambda: torch.ones(4, 6)[:, ::2]),
                    ("expand", lambda: torch.ones(3, 1).expand(3, 4)),
                    ("contiguous", lambda: torch.ones(3, 4))]:
    leaf = make().detach().requires_grad_()
    for create in (False, True):
        (leaf * 2).sum().backward(create_graph=create)
        print(label, tuple(leaf.shape), leaf.stride(), create, leaf.grad.stride(),
              leaf.grad.is_contiguous(), leaf.grad.sum().item())
        leaf.grad = None
    leaf.sum().backward()
    print(" sum", leaf.grad.stride(), leaf.grad.sum().item())
    leaf.grad = None
    (leaf * 1).backward(torch.ones(leaf.shape))
    print(" seed", leaf.grad.stride())
    leaf.grad = None
    torch.autograd.backward([leaf], [torch.full(leaf.shape, 3.0)])
    print(" own", leaf.grad.stride(), leaf.grad.sum().item())
    leaf.grad = None
