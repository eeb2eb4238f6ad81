"""bfloat16 cases (ml_dtypes): run under PyTorch by tools/record/bfloat16.py and under
hookgrad by test_bfloat16.py. Each case is an expression over ``x`` (a bfloat16 leaf that
requires grad), ``x2`` (bfloat16), ``y`` (a float32 leaf), ``h`` (float16), ``i`` (int64),
``f`` (0-d float32) and ``d`` (float64); the recorded result is its repr, dtype, node name and
values, and the gradients of ``(result * w).sum()``."""
import numpy as np

# name: expression
CASES = {
    "print_leaf": "x",
    "print_special_values": "torch.tensor([1e-8, 1e30, 123456.0, float('nan'), float('inf'), "
                            "-0.0], dtype=torch.bfloat16)",
    "print_scalar": "torch.tensor(3.3, dtype=torch.bfloat16)",
    "arange": "torch.arange(5, dtype=torch.bfloat16) * 1000",
    "full": "torch.full((2,), 1.1, dtype=torch.bfloat16)",
    "to_from_float32": "y.to(torch.bfloat16)",
    "bfloat16_method": "y.bfloat16()",
    "to_float32": "x.float()",
    "to_float16": "x.half()",
    "type_name": "x.type()",
    "legacy_type": "y.type('torch.BFloat16Tensor')",
    "add": "x + x2",
    "add_float32": "x + y",
    "add_float16": "x + h",
    "add_int64": "x + i",
    "add_float64": "x + d",
    "mul_0d_float32": "x * f",
    "mul_number": "x * 2.5",
    "add_int_number": "x + 1",
    "div": "x / x2",
    "promote_float16": "torch.promote_types(torch.bfloat16, torch.float16)",
    "result_type_int": "torch.result_type(x, i)",
    "exp": "x.exp()",
    "sin": "x.sin()",
    "sqrt": "x.abs().sqrt()",
    "relu": "x.relu()",
    "pow": "x ** 2",
    "clamp": "x.clamp(-0.5, 0.5)",
    "where": "torch.where(x > 0, x, x2)",
    "sum": "x.sum()",
    "sum_dim": "x.sum(0)",
    "sum_large": "(x * 100).sum()",
    "mean": "x.mean()",
    "mean_keepdim": "x.mean(1, keepdim=True)",
    "cumsum": "x.cumsum(0)",
    "var": "x.var()",
    "std": "x.std(0)",
    "norm": "x.norm()",
    "vector_norm_3": "torch.linalg.vector_norm(x, 3)",
    "amax": "x.amax(0)",
    "logsumexp": "x.logsumexp(1)",
    "softmax": "x.softmax(-1)",
    "log_softmax": "x.log_softmax(0)",
    "matmul": "x @ x2.T",
    "mm_transposed": "x.T @ x2",
    "linear": "F.linear(x, x2)",
    "einsum": "torch.einsum('ij,kj->ik', x, x2)",
    "conv1d": "F.conv1d(x.unsqueeze(0), x2[:2, :3].unsqueeze(1).expand(2, 3, 3).contiguous())",
    "max_pool1d": "F.max_pool1d(x.unsqueeze(0), 2)",
    "avg_pool1d": "F.avg_pool1d(x.unsqueeze(0), 2)",
    "gelu": "F.gelu(x)",
    "silu": "F.silu(x)",
    "hardtanh": "F.hardtanh(x)",
    "leaky_relu": "F.leaky_relu(x)",
    "elu": "F.elu(x)",
    "softplus": "F.softplus(x)",
    "erf": "x.erf()",
    "layer_norm": "F.layer_norm(x, (4,))",
    "mse_loss": "F.mse_loss(x, x2)",
    "cross_entropy": "F.cross_entropy(x, torch.tensor([0, 1, 3]))",
    "view_and_index": "x.view(-1)[2:7]",
    "cat": "torch.cat([x, x2])",
    "sort": "x.sort(1)[0]",
    "compare": "x > x2",
    "item": "x[0, 0].item()",
    "tolist": "x.tolist()",
    "matrix_norm_refused": "torch.linalg.matrix_norm(x, 2)",
    "numpy_refused": "x.detach().numpy()",
}

# PyTorch fuses these into one float32 kernel (or rounds a Python number to float32, not
# bfloat16); hookgrad rounds some intermediate steps to bfloat16: values within 2 bfloat16
# steps (relative 2**-7), the repr not compared.
APPROXIMATE = {"mul_number", "sum_large", "logsumexp", "softmax", "log_softmax", "gelu",
               "silu", "softplus", "erf", "layer_norm", "mse_loss", "cross_entropy", "elu",
               "leaky_relu", "var", "std", "norm", "vector_norm_3", "exp", "sqrt", "div"}


def _inputs(lib, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((3, 4)).round(3).tolist()
    b = rng.standard_normal((3, 4)).round(3).tolist()
    return {"torch": lib, "F": lib.nn.functional,
            "x": lib.tensor(a, dtype=lib.bfloat16, requires_grad=True),
            "x2": lib.tensor(b, dtype=lib.bfloat16),
            "y": lib.tensor(b, dtype=lib.float32, requires_grad=True),
            "h": lib.tensor(b[0], dtype=lib.float16), "i": lib.tensor([1, -2, 3, 0]),
            "f": lib.tensor(2.5, dtype=lib.float32),
            "d": lib.tensor([0.3, 0.1, -0.7, 2.0], dtype=lib.float64)}


def _values(t):
    return t.detach().float().numpy() if t.dtype.is_floating_point else t.detach().numpy()


def run(lib, name):
    """The case under ``lib`` (torch or hookgrad): what it gives, or its error."""
    env = _inputs(lib)
    try:
        result = eval(CASES[name], env)  # (the expressions above, nothing else)
    except Exception as error:
        return {"error": [type(error).__name__, str(error)]}
    if not isinstance(result, lib.Tensor):
        return {"repr": repr(result)}
    out = {"repr": repr(result), "dtype": str(result.dtype), "values": _values(result),
           "node": result.grad_fn.name() if result.grad_fn is not None else None}
    if result.requires_grad:
        weights = np.random.default_rng(7).standard_normal(tuple(result.shape)).round(2)
        (result * lib.tensor(weights.tolist(), dtype=result.dtype)).sum().backward()
        for leaf in ("x", "y"):
            grad = env[leaf].grad
            if grad is not None:
                out[f"{leaf}.grad"] = {"repr": repr(grad), "dtype": str(grad.dtype),
                                       "values": _values(grad)}
    return out
