"""What a trace keeps of a value: tensors as dtype, shape, values and graph facts; the rest as
plain JSON. Floats are rounded to a little more than their dtype's precision so that a trace is
small and the same summary comes out of either library."""
import math

import numpy as np

# significant digits kept per float dtype (float32 needs 9 to round-trip; values are compared
# with a float32 tolerance, so 8 loses nothing that matters)
FLOAT_DIGITS = {"float32": 8, "float64": 15, "float16": 4, "bfloat16": 3}
MAX_VALUES = 512  # larger tensors keep a head and their sums
NODE_DEPTH = 2  # levels of next_functions kept below each grad_fn


def dtype_name(dtype):
    name = str(dtype)
    return name[6:] if name.startswith("torch.") else name


def node_name(node):
    if node is None:
        return None
    try:
        return node.name()
    except Exception as error:  # a broken name() is itself a finding
        return f"!{type(error).__name__}"


def _round_floats(values, digits):
    format_spec = f".{digits}g"
    return [float(format(v, format_spec)) for v in values]


def _array(tensor):
    try:
        return tensor.detach().numpy()
    except Exception:  # PyTorch's ZeroTensor (e.g. sgn's gradient) needs force=True
        return tensor.detach().numpy(force=True)


def _values(tensor, dtype):
    try:
        array = _array(tensor)
    except Exception as error:
        return f"!unreadable {type(error).__name__}"
    flat = array.reshape(-1)
    if flat.size > MAX_VALUES:
        head = _values_of(flat[:64], dtype)
        # (a complex tensor's sums over its real and imaginary parts alike)
        as_float = (flat.view(flat.real.dtype) if flat.dtype.kind == "c" else flat).astype(
            "float64")
        with np.errstate(all="ignore"):  # (inf + -inf: NaN, as both libraries' values)
            return {"head": head, "sum": float(as_float.sum()),
                    "abs": float(abs(as_float).sum())}
    return _values_of(flat, dtype)


def _values_of(flat, dtype):
    values = flat.tolist()
    if dtype in FLOAT_DIGITS:
        return _round_floats(values, FLOAT_DIGITS[dtype])
    if values and isinstance(values[0], complex):
        return [[v.real, v.imag] for v in values]
    return values


def tensor_summary(tensor, with_graph=True):
    """dtype ``T``, shape ``s``, flat values ``v``; with_graph adds requires_grad ``rg``,
    is_leaf ``leaf``, the grad_fn's name ``fn`` and its next_functions ``nx``."""
    try:
        dtype = dtype_name(tensor.dtype)
        out = {"T": dtype, "s": list(tensor.shape)}
    except Exception as error:
        return {"T": f"!{type(error).__name__}"}
    out["v"] = _values(tensor, dtype)
    if not with_graph:
        return out
    try:
        out["rg"] = bool(tensor.requires_grad)
        out["leaf"] = bool(tensor.is_leaf)
        node = tensor.grad_fn
    except Exception as error:
        out["rg"] = f"!{type(error).__name__}"
        return out
    if node is not None:
        out["fn"] = node_name(node)
        out["nx"] = _next_functions(node, NODE_DEPTH)
    return out


def _next_functions(node, depth):
    """[[name, input_nr, its next functions], ...] down to ``depth`` levels (the nodes inside
    composite ops such as F.normalize show at the second level)."""
    try:
        out = []
        for child, number in node.next_functions:
            entry = [node_name(child), int(number)]
            if depth > 1 and child is not None and child.next_functions:
                entry.append(_next_functions(child, depth - 1))
            out.append(entry)
        return out
    except Exception as error:
        return f"!{type(error).__name__}"


def summarize(value, tensor_type, with_graph=True):
    if value is None:
        return None
    if isinstance(value, tensor_type):
        return tensor_summary(value, with_graph)
    if isinstance(value, bool):
        return {"py": "bool", "v": value}
    if isinstance(value, int):
        return {"py": "int", "v": value}
    if isinstance(value, float):
        return {"py": "float", "v": value if not math.isfinite(value) else float(f"{value:.12g}")}
    if isinstance(value, str):
        return {"py": "str", "v": value[:200]}
    if isinstance(value, (tuple, list)):
        return {"L": [summarize(v, tensor_type, with_graph) for v in value]}
    if isinstance(value, dict):  # a state dict, a hook's kwargs
        return {"D": [[str(k), summarize(v, tensor_type, with_graph)] for k, v in value.items()]}
    text = str(value)
    if text.startswith("torch.") and hasattr(value, "is_floating_point"):
        return {"dtype": dtype_name(value)}
    return {"obj": type(value).__name__}
