# F.affine_grid / torch.affine_grid_generator (not a fuzz find: an API hookgrad lacked): the
# grid as bit patterns (linspace base grid times theta transposed, one batched product),
# align_corners both ways, unit sizes, 3-D grids, the gradient to theta
# (AffineGridGeneratorBackward0) and its double backward; PyTorch's errors and warnings.
import warnings

import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(9)
warnings.simplefilter("always")


def bits(t):
    a = t.detach().numpy()
    return a.view(np.int32 if a.dtype == np.float32 else np.int64).tolist()


for dt in (np.float32, np.float64):
    for size, ac in (((2, 3, 4, 5), False), ((2, 3, 4, 5), True), ((1, 1, 1, 3), True),
                     ((1, 2, 3, 1), False), ((2, 1, 7, 6), True)):
        theta = torch.from_numpy(rng.standard_normal((size[0], 2, 3)).astype(dt))
        theta.requires_grad_()
        grid = F.affine_grid(theta, size, align_corners=ac)
        print(size, ac, grid.dtype, tuple(grid.shape), grid.stride(), grid.grad_fn.name(),
              bits(grid))
        g = torch.from_numpy(rng.standard_normal(tuple(grid.shape)).astype(dt))
        g.requires_grad_()
        (gt,) = torch.autograd.grad(grid, [theta], g, create_graph=True)
        print(" gt", gt.grad_fn.name() if gt.grad_fn else None, bits(gt))
        print(" gg", [bits(t) if t is not None else None for t in
                      torch.autograd.grad((gt * gt).sum(), [theta, g], allow_unused=True)])
    theta3 = torch.from_numpy(rng.standard_normal((2, 3, 4)).astype(dt)).requires_grad_()
    grid = F.affine_grid(theta3, (2, 1, 3, 4, 2), align_corners=False)
    print(tuple(grid.shape), bits(grid))
    print(" gt", bits(torch.autograd.grad(grid.sum(), theta3)[0]))
theta = torch.zeros(1, 2, 3)
for f in (lambda: F.affine_grid(theta, (1, 1, 2, 2)),
          lambda: F.affine_grid(theta.long(), (1, 1, 2, 2), False),
          lambda: F.affine_grid(theta, (1, 1, 2), False),
          lambda: F.affine_grid(theta, (1, 1, 2, 2, 2), False),
          lambda: F.affine_grid(torch.zeros(1, 3, 3), (1, 1, 2, 2), False),
          lambda: F.affine_grid(theta, (1, 1, 0, 2), False),
          lambda: F.affine_grid(theta, (1, 1, 1, 2), True),
          lambda: torch.affine_grid_generator(theta, (1, 1, 2), False),
          lambda: torch.affine_grid_generator(theta, [1, 1, 2, 2], True)):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            print(tuple(f().shape))
        except Exception as e:
            print(type(e).__name__, e)
        print([str(x.message) for x in w])
