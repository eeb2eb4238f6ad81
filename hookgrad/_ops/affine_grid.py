"""``affine_grid`` (AffineGridGeneratorBackward0): PyTorch's ``affine_grid_generator``, a base
grid of ``linspace(-1, 1)`` coordinates (scaled by ``(n - 1) / n`` without ``align_corners``)
and ones, multiplied by each ``theta`` transposed in one batched product; its gradient the
base grid transposed times the gradient, as PyTorch's ``affine_grid_generator_backward``."""
import numpy as np

from .. import _creation
from .._tensor_base import _make
from ..autograd.grad_mode import no_grad
from .linalg import bmm
from .op import Op


def _steps(theta, count, align_corners):
    """PyTorch's ``linspace_from_neg_one``."""
    if count <= 1:
        return _creation.tensor(0, dtype=theta.dtype)
    line = _creation.linspace(-1, 1, count, dtype=theta.dtype)
    if not align_corners:
        line = line * (count - 1) / count
    return line


def base_grid(theta, size, align_corners):
    """The (N, *spatial, ndim + 1) grid of output coordinates (x first) and ones."""
    spatial = list(size[2:])
    with no_grad():
        grid = np.empty([size[0]] + spatial + [len(spatial) + 1], theta._data.dtype)
        for axis, count in enumerate(reversed(spatial)):
            line = _steps(theta, count, align_corners)._data
            shape = [1] * len(spatial)
            if line.ndim:
                shape[len(spatial) - 1 - axis] = count
            grid[..., axis] = line.reshape(shape)
        grid[..., len(spatial)] = 1
    return _make(grid)


class AffineGridGeneratorBackward0(Op):
    def forward(self, theta, size, align_corners):
        self.size, self.align_corners = size, align_corners
        base = base_grid(theta, size, align_corners)
        points = int(np.prod(size[2:]))
        with no_grad():
            grid = bmm(base.view(size[0], points, len(size) - 1),
                       theta.detach().transpose(1, 2))
        return grid._data.reshape([size[0]] + list(size[2:]) + [len(size) - 2])

    def backward(self, grad):
        size = self.size
        points = int(np.prod(size[2:]))
        base = base_grid(grad, size, self.align_corners)
        flat = base.view(size[0], points, len(size) - 1).transpose(1, 2)
        return bmm(flat, grad.view(size[0], points, len(size) - 2)).transpose(1, 2)


def affine_grid_generator(theta, size, align_corners):
    size = [int(s) for s in size]
    if len(size) not in (4, 5):
        raise RuntimeError("AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.")
    return AffineGridGeneratorBackward0.apply(theta, size, bool(align_corners))
