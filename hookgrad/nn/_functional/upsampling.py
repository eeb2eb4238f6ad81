"""``interpolate`` (and the deprecated ``upsample``): every mode PyTorch has but lanczos."""
import math
import warnings

from ..._ops import upsample as _upsample
from .pooling import adaptive_avg_pool1d, adaptive_avg_pool2d

_MODES = ("nearest | linear | bilinear | bicubic | trilinear | lanczos | area | "
          "nearest-exact")
_NEEDS = {"linear": 3, "bilinear": 4, "trilinear": 5}


def _sizes_and_scales(input, size, scale_factor):
    spatial = list(input._data.shape[2:])
    dim = len(spatial)
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(
                    "Input and output must have the same number of spatial dimensions, but got "
                    f"input with spatial dimensions of {spatial} and output size of {size}. "
                    "Please provide input tensor in (N, C, d1, d2, ...,dK) format and output "
                    "size in (o1, o2, ...,oK) format.")
            return [int(s) for s in size], [None] * dim
        return [int(size)] * dim, [None] * dim
    if scale_factor is None:
        raise ValueError("either size or scale_factor should be defined")
    if isinstance(scale_factor, (list, tuple)):
        if len(scale_factor) != dim:
            raise ValueError(
                "Input and scale_factor must have the same number of spatial dimensions, but "
                f"got input with spatial dimensions of {spatial} and scale_factor of shape "
                f"{scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) format "
                "and scale_factor in (s1, s2, ...,sK) format.")
        scales = [float(s) for s in scale_factor]
    else:
        scales = [float(scale_factor)] * dim
    return [math.floor(n * s) for n, s in zip(spatial, scales)], scales


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """Every mode, antialiased bilinear and bicubic included."""
    ndim = input._data.ndim
    sizes, scales = _sizes_and_scales(input, size, scale_factor)
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if recompute_scale_factor:
        scales = [None] * len(scales)
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating "
                             "modes: linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    if antialias and (mode not in ("bilinear", "bicubic") or ndim != 4):
        raise ValueError("Anti-alias option is restricted to bilinear, bicubic, and lanczos "
                         "modes and requires a 4-D tensor as input")
    if mode in _NEEDS and ndim in (3, 4, 5) and ndim != _NEEDS[mode]:
        raise NotImplementedError(f"Got {ndim}D input, but {mode} mode needs {_NEEDS[mode]}D "
                                  "input")
    if mode == "area":  # PyTorch's own lowering: the adaptive pools
        if ndim in (3, 4):
            pool = adaptive_avg_pool1d if ndim == 3 else adaptive_avg_pool2d
            return pool(input, tuple(sizes))
        if ndim == 5 and all(s == 1 for s in sizes):
            return input.mean((-3, -2, -1), keepdim=True)
    if antialias:
        mode += "-aa"
    node = _upsample.NODES.get((mode, ndim - 2))
    if node is None:
        raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported "
                                  f"(got {ndim}D) for the modes: {_MODES} (got {mode})")
    in_sizes = input._data.shape[2:]
    if mode != "area":  # (area is adaptive average pooling, which takes empty sizes)
        _check_sizes(input, in_sizes, sizes)
    if mode in _NEEDS:
        _upsample.check_dtype(input._data, sizes)
    plan = tuple(_axis(mode, n, out, s, align_corners, input._data.dtype)
                 for n, out, s in zip(in_sizes, sizes, scales))
    return node.apply(input, plan)


def _check_sizes(input, in_sizes, sizes):
    """PyTorch's upsample kernels' checks: no empty spatial size in or out, and (for a batch
    of samples) no empty channel dim."""
    if min(in_sizes) <= 0 or min(sizes) <= 0:
        names = ("D", "H", "W")[3 - len(sizes):]
        given = ", ".join(f"{n}: {v}" for n, v in zip(names, in_sizes))
        wanted = ", ".join(f"{n}: {v}" for n, v in zip(names, sizes))
        raise RuntimeError("Input and output sizes should be greater than 0, but got input "
                           f"({given}){' and' if len(sizes) == 1 else ''} output ({wanted})")
    shape = input._data.shape
    if shape[0] and not shape[1]:
        raise RuntimeError(f"Non-empty {len(shape)}D data tensor expected but got a tensor with "
                           f"sizes [{', '.join(map(str, shape))}]")


def _axis(mode, in_size, out_size, scale, align_corners, dtype):
    if mode == "nearest":
        return _upsample.nearest_axis(in_size, out_size, scale)
    if mode == "nearest-exact":
        return _upsample.nearest_exact_axis(in_size, out_size, scale)
    if mode == "bicubic":
        return _upsample.cubic_axis(in_size, out_size, scale, align_corners, dtype)
    if mode == "area":
        return _upsample.area_axis(in_size, out_size)
    if mode.endswith("-aa"):
        return _upsample.antialias_axis(in_size, out_size, scale, align_corners,
                                        mode == "bicubic-aa", dtype)
    return _upsample.linear_axis(in_size, out_size, scale, align_corners, dtype)


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    warnings.warn("`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` "
                  "instead.", UserWarning, stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)
