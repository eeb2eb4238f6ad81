"""Batch and instance norm training gradients of small contiguous inputs, (N, C) rows among
them, whose rounding follows PyTorch's CPU kernels (at PyTorch's default thread count here):
``cases(torch)`` returns, per case, the input's, weight's and bias's gradients (float32
inputs; float64 ones compare to rounding, their forward statistics are NumPy's sums)."""
import numpy as np

SHAPES = [(2, 3, 5), (4, 3, 20), (1, 2, 2), (8, 4, 36), (3, 2, 7), (16, 8, 16), (2, 1, 2, 1),
          (4, 2, 5, 5), (2, 3, 17), (2, 3), (7, 9), (33, 20), (5, 1)]


def cases(torch):
    F = torch.nn.functional
    rng = np.random.default_rng(20261126)
    results = {}
    for shape in SHAPES:
        for dtype in ("float32", "float64"):
            x = torch.tensor(rng.standard_normal(shape).astype(dtype), requires_grad=True)
            weight = torch.tensor(rng.standard_normal(shape[1]).astype(dtype),
                                  requires_grad=True)
            bias = torch.tensor(rng.standard_normal(shape[1]).astype(dtype), requires_grad=True)
            grad = torch.tensor(rng.standard_normal(shape).astype(dtype))
            F.batch_norm(x, None, None, weight, bias, training=True).backward(grad)
            name = f"{'x'.join(map(str, shape))}/{dtype}"
            results[f"batch_norm/{name}"] = [x.grad, weight.grad, bias.grad]
            if len(shape) > 2:  # (instance norm needs positions)
                x.grad = None
                torch.acos(F.instance_norm(x, use_input_stats=True)).sum().backward()
                results[f"instance_norm_acos/{name}"] = x.grad
    return results
