"""Causes grouped into fix tasks a developer can take one at a time (by op family or
mechanism). A task is a title and a rule over a cause (its signature key, its category, the
ops left in its shrunk reproducer, and both libraries' texts for the first difference); the
first task whose rule matches takes the cause. Unmatched causes land in "other"."""
import re

from .beyond import BEYOND_HOOKGRAD, ISSUE_NAMED

NUMPY_TEXT = re.compile(
    r"cannot reshape array|could not broadcast|return arrays must be|ufunc|UFuncTypeError|"
    r"np\.|numpy|newaxis|Calling nonzero on 0d|multiple indices are not supported|"
    r"tuple index out of range|object is not iterable|'_vc'|has no attribute '_|"
    r"zero-size array|axis \d+ is out of bounds|index \d+ is out of bounds for axis")
SAME_SHAPE_VIEWS = ("reshape", "reshape_as", "view", "view_as", "expand", "expand_as",
                    "broadcast_to", "flatten", "contiguous", "squeeze", "unsqueeze", "ravel")
WRITES = ("op.setitem", "fill_", "copy_", "index_put_", "masked_fill_", "add_", "mul_",
          "sub_", "div_", "zero_")


def _signature(cause):
    return cause["key"]


def _parts(cause):
    return _signature(cause).split(" | ")


def _label(cause):
    parts = _parts(cause)
    return parts[1] if len(parts) > 1 else ""


def _missing_name(cause):
    match = re.search(r"has no attribute '([^']+)'", cause.get("hookgrad", ""))
    return match.group(1) if match else None


def _is_missing(cause, names=None):
    if cause["category"] not in ("crash", "error"):
        return False
    name = _missing_name(cause)
    if name is None or name.startswith("_"):
        return False
    return names is None or name in names


def _in_place_name(name):
    return name is not None and name.endswith("_") and not name.endswith("__")


def _fields(cause):
    return _parts(cause)[2] if len(_parts(cause)) > 2 else ""


def _create_graph(cause):
    return "(create_graph)" in _label(cause)


TASKS = [
    ("views-same-shape", "Views: reshape / reshape_as / view_as / expand / expand_as / "
     "broadcast_to (and squeeze, flatten) to the same shape return the input itself; they must "
     "return a new view (its own grad_fn, hooks that do not land on the input)",
     lambda c: c["category"] == "silent" and _label(c) in SAME_SHAPE_VIEWS
     and _fields(c) in ("out.identity", "out.is_leaf")),
    ("inplace-operators", "In-place operators **=, %=, //= (and &=, |=) fall back to "
     "out-of-place: the target is not written, the result is a new tensor, its dtype is "
     "promoted",
     lambda c: re.match(r"op\.i(pow|mod|floordiv|and|or|xor)$", _label(c)) is not None
     and c["category"] in ("silent", "works", "node")),
    ("gradient-dtype", "backward(gradient=...) / autograd.grad(grad_outputs=...) of another "
     "dtype (float64, int64) must be cast to the output's dtype before any hook sees it and "
     "before it is accumulated",
     lambda c: re.search(r"(grad|hook)\.dtype", _fields(c)) is not None
     and _label(c).startswith(("backward", "autograd.grad"))
     or "both grad_output and output are required to have the same dtype" in c.get(
         "hookgrad", "")),
    ("post-accumulate-return", "A post-accumulate-grad hook may return the tensor it was "
     "given (hookgrad raises 'should return None')",
     lambda c: "post accumulate grad hooks should return None" in c.get("hookgrad", "")),
    ("create-graph-accumulate-node", "create_graph: a leaf's accumulated .grad has "
     "CopyBackwards as grad_fn (hookgrad: CloneBackward0), in .grad and in the arguments of "
     "hooks",
     lambda c: "CopyBackwards vs CloneBackward0" in _signature(c)),
    ("writes-into-views", "Writes into a tensor or view without grad from a tensor that "
     "requires grad (x[i] = t, fill_(t), copy_, in-place ops on a view of a no-grad base): the "
     "view and its base must require grad (CopySlices) and pass the gradient on",
     lambda c: c["category"] == "silent" and (
         _label(c) in ("op.setitem", "fill_", "copy_") and "requires_grad" in _fields(c)
         or not _create_graph(c) and any(op in WRITES for op in c.get("ops", ()))
         and re.search(r"requires_grad|presence|kind", _fields(c))
         or _label(c).startswith("final of") and "requires_grad" in _fields(c))),
    ("create-graph-zero-grads", "create_graph: gradients of ops whose derivative is zero or "
     "undefined (floor, ceil, round, trunc, sign, remainder, floor_divide, ...) must not require "
     "grad",
     lambda c: _create_graph(c) and re.search(r"requires_grad \| ([^|]*; )?False vs True",
                                              _signature(c)) is not None),
    ("create-graph-differentiable", "create_graph: the gradients of piecewise-linear ops "
     "(relu family, hardtanh, threshold, clamp, abs, max/min, pools), conv, norms and losses "
     "must require grad and be differentiable, as PyTorch's (which depend on the input or "
     "weight); in .grad, in autograd.grad's results and in what hooks receive",
     lambda c: _create_graph(c) and re.search(r"requires_grad \| ([^|]*; )?True vs False",
                                              _signature(c)) is not None),
    ("grad-presence", "A leaf's .grad is None in one library and a tensor in the other: a "
     "backward that raises (floor_divide's NotImplemented node) leaves .grad written on the "
     "leaves it reached first in hookgrad, untouched in PyTorch; fill_(t) passes no gradient "
     "to t",
     lambda c: c["category"] == "silent" and re.search(r"\| (grad|hook)\.kind \| (None vs T|T "
                                                       r"vs None)", _signature(c)) is not None),
    ("grad-aliasing", "A leaf's .grad is the very tensor passed as gradient= / returned by "
     "autograd.grad (hookgrad keeps the object; PyTorch stores a new tensor), so later in-place "
     "writes to one change the other",
     lambda c: c["category"] == "silent" and re.search(r"final\.(kind \| (T vs alias|alias "
                                                       r"vs T)|alias)", _signature(c))
     is not None),
    ("iteration-views", "Iterating a tensor, unbind, split and chunk give views: writes into a "
     "piece (for e in x: e.add_(1)) change x, also for 0-d elements of a 1-d tensor",
     lambda c: c["category"] == "silent"
     and any(op in ("builtin.list", "unbind", "split", "chunk", "tensor_split")
             for op in c.get("ops", ()))
     and any(_in_place_name(op) for op in c.get("ops", ()))),
    ("result-requires-grad", "requires_grad of results: PyTorch's unique, %, unbind, diagonal "
     "(and others) give results that require grad (with a NotImplemented or Unique node); "
     "hookgrad's do not, or the reverse",
     lambda c: c["category"] == "silent" and _fields(c) == "out.requires_grad"),
    ("second-backward", "A second backward through a freed graph (no retain_graph) must raise "
     "'Trying to backward through the graph a second time' for every op",
     lambda c: c["category"] == "works" and "backward through the graph a second time" in c.get(
         "torch", "")),
    ("expanded-writes", "In-place writes: into an expanded tensor whose expanded dims have "
     "size 1 (no overlap), and into gradients that come from a broadcast (mean, sum, expand) "
     "inside hooks, are allowed in PyTorch",
     lambda c: c["category"] == "crash" and "more than one element of the written-to tensor"
     in c.get("hookgrad", "")),
    ("missing-issue-ops", "Missing ops the issue names: " + ", ".join(sorted(ISSUE_NAMED)),
     lambda c: _is_missing(c, ISSUE_NAMED)),
    ("missing-inplace", "Missing in-place methods (the rest of the in-place family: exp_ has "
     "them, acos_ / floor_divide_ / lt_ / ... do not; F.elu_, F.hardtanh_, ...)",
     lambda c: _is_missing(c) and _in_place_name(_missing_name(c))),
    ("missing-ops", "Missing ops and functions (torch.* / Tensor.* / F.* / linalg)",
     lambda c: _is_missing(c)),
    ("missing-arguments", "Missing keyword arguments and argument forms (round(decimals=), "
     "nansum(dtype=), unique(dim=), interpolate modes, einsum diagonals, ...)",
     lambda c: c["category"] == "crash" and re.search(
         r"unexpected keyword argument|not supported by hookgrad|hookgrad: .*not supported|"
         r"is not supported", c.get("hookgrad", "")) is not None),
    ("empty-tensors", "Empty tensors (a batch of 0, a dim of size 0) through conv, pooling, "
     "norms, linear, einsum, median, matrix_norm: PyTorch returns empty results or its own "
     "error",
     lambda c: c["category"] in ("crash", "error") and re.search(
         r"size 0|non-empty|empty tensor|zero-size|non-zero size|Expected more than 1 value",
         c.get("hookgrad", "")) is not None),
    ("numpy-errors", "NumPy exception text reaches the user (ValueError: cannot reshape / "
     "could not broadcast, UFuncTypeError, ...): raise PyTorch's error",
     lambda c: c["category"] in ("crash", "error") and NUMPY_TEXT.search(
         c.get("hookgrad", "")) is not None),
    ("result-dtypes", "Result dtypes: 0-d tensor operands of another float dtype "
     "(addcmul, addcdiv), integer inputs (hardtanh, relu6, cumprod, prod), the dtype= argument "
     "(cumsum, cumprod, prod, softmax, log_softmax)",
     lambda c: c["category"] == "silent" and _fields(c) == "out.dtype"),
    ("non-finite", "NaN and Inf: masked gradients are zeros (not g * 0), sign(nan) is 0, "
     "softmax / cross_entropy / attention / pooling / norms with infinities as PyTorch",
     lambda c: c["category"] == "silent" and "non-finite" in _signature(c)),
    ("node-second-order", "Node names in double-backward graphs (the grad_fn of gradients "
     "made with create_graph=True, and of what hooks receive then)",
     lambda c: c["category"] == "node" and _label(c).startswith(("backward", "autograd.grad",
                                                                  "final"))),
    ("node-matmul", "Node names of matrix products: matmul of batched and 1-d operands "
     "(UnsafeViewBackward0, SqueezeBackward4), einsum, outer, bilinear, linalg norms",
     lambda c: c["category"] == "node" and (_label(c) in (
         "matmul", "op.matmul", "einsum", "outer", "F.bilinear", "F.linear", "mm", "bmm", "mv",
         "dot", "F.scaled_dot_product_attention") or _label(c).startswith("la."))),
    ("node-inplace", "Node names of writes: zero_ (ZeroBackward0), fill_ (FillBackward2/3), "
     "copy_ (CopyBackwards), setitem / CopySlices, in-place ops on views",
     lambda c: c["category"] == "node" and (_label(c) in ("zero_", "fill_", "copy_",
                                                          "op.setitem") or re.search(
         r"Copy(Slices|Backwards)", _signature(c)) is not None)),
    ("node-losses", "Node names inside losses and nn.functional composites (cross_entropy, "
     "soft_margin, pairwise_distance, normalize, prelu, kl_div, triplet/margin losses)",
     lambda c: c["category"] == "node" and _label(c).startswith("F.")),
    ("node-names", "Node names and next_functions of other ops (clamp_min/max with tensor "
     "bounds, floor_divide, sort, repeat_interleave, xlogy, div, slicing, ...)",
     lambda c: c["category"] == "node"),
    ("hook-arguments", "Hook arguments and calls: None for inputs that do not require grad "
     "(CatBackward0, StackBackward0), which hooks fire, in which order",
     lambda c: c["category"] == "silent" and re.match(r"hook\.(calls|order|kind|len|args)",
                                                      _fields(c)) is not None),
    ("refusals-autograd", "hookgrad works where PyTorch's autograd refuses: in-place on saved "
     "or view outputs (Split/Unbind views), no-grad views, leaves; non-differentiable "
     "arguments; grad of tensors that do not require grad",
     lambda c: c["category"] == "works" and re.search(
         r"inplace|in-place|view|leaf Variable|not differentiable|does not require grad|"
         r"Autograd not support", c.get("torch", "")) is not None),
    ("refusals-dtype", "hookgrad works where PyTorch refuses a dtype (integer / bool inputs "
     "to float kernels, mixed dtypes in index_add / index_copy / prelu / lerp / meshgrid)",
     lambda c: c["category"] == "works" and re.search(
         r"not implemented for|dtype|scalar type|Type promoting|same dtype", c.get(
             "torch", "")) is not None),
    ("refusals-arguments", "hookgrad works where PyTorch refuses bad arguments (missing "
     "sizes, wrong argument types, DataLoader batch sizes, out-of-range indices, shapes)",
     lambda c: c["category"] == "works"),
    ("error-messages", "Different exception type or message for the same misuse",
     lambda c: c["category"] == "error"),
    ("numpy-warnings", "NumPy warnings reach the user ('Mean of empty slice', 'invalid value "
     "encountered in divide / reduce' raised inside NumPy, which hookgrad's warnings filter "
     "does not cover): mean and the losses of empty tensors, prod, sinc",
     lambda c: c["category"] == "warning" and re.search(
         r"RuntimeWarning', '(Mean of empty slice|[a-z ]+ encountered in)", c.get("hookgrad", ""))
     is not None),
    ("warnings", "Warnings PyTorch gives and hookgrad does not (x.T on non-2-D tensors, "
     "dropout2d on 3-D input, std/var with too few degrees of freedom, kl_div 'mean', "
     "broadcasting losses)",
     lambda c: c["category"] == "warning"),
    ("values", "Other value differences", lambda c: c["category"] == "silent"),
    ("crashes", "Other crashes where PyTorch works", lambda c: c["category"] == "crash"),
]


# tasks whose causes are one mechanism whatever ops the shrunk programs kept: their causes
# are merged by signature, without the ops
MECHANISMS = frozenset({"create-graph-accumulate-node", "gradient-dtype",
                        "post-accumulate-return", "expanded-writes", "grad-aliasing",
                        "views-same-shape", "inplace-operators", "second-backward"})


def assign(cause):
    for name, _, rule in TASKS:
        try:
            if rule(cause):
                return name
        except (KeyError, TypeError, IndexError):
            continue
    return "other"


def titles():
    return {name: title for name, title, _ in TASKS} | {"other": "Unassigned"}


def beyond_share_note():
    return (f"{len(BEYOND_HOOKGRAD)} ops PyTorch has and hookgrad lacked are generated "
            "rarely (tools/fuzz/hgfuzz/beyond.py)")


def _any(causes, task=None, label=None, ops=None, text=None, key=None):
    """The causes matching every given condition (labels and ops as tuples of names)."""
    out = []
    for c in causes:
        if task is not None and c["task"] not in ((task,) if isinstance(task, str) else task):
            continue
        if label is not None and not any(_label(c) == name or _label(c).startswith(name)
                                         for name in label):
            continue
        if ops is not None and not any(op in ops for op in c.get("ops", ())) and not any(
                _label(c) == op for op in ops):
            continue
        if text is not None and not re.search(text, c.get("hookgrad", "") + " " + c.get(
                "torch", "")):
            continue
        if key is not None and not re.search(key, c["key"]):
            continue
        out.append(c)
    return out


PIECEWISE = ("F.relu", "F.relu6", "F.leaky_relu", "F.hardtanh", "F.threshold", "F.threshold_",
             "F.hardsigmoid", "F.hardshrink", "F.softshrink", "F.rrelu", "F.elu", "F.celu",
             "clamp", "clamp_min", "clamp_max", "abs", "abs_", "max", "min", "amax", "amin",
             "maximum", "minimum", "fmax", "fmin", "relu", "F.max_pool1d", "F.max_pool2d",
             "F.avg_pool1d", "F.avg_pool2d", "F.adaptive_max_pool1d", "F.adaptive_max_pool2d",
             "F.adaptive_avg_pool1d", "F.adaptive_avg_pool2d", "F.lp_pool1d", "F.lp_pool2d")
CONV = ("F.conv1d", "F.conv2d", "F.conv_transpose1d", "F.conv_transpose2d")
POOLS = ("F.max_pool1d", "F.max_pool2d", "F.avg_pool1d", "F.avg_pool2d", "F.lp_pool1d",
         "F.lp_pool2d", "F.adaptive_max_pool1d", "F.adaptive_max_pool2d")
NORMS = ("F.batch_norm", "F.group_norm", "F.layer_norm", "F.instance_norm", "F.rms_norm")
# The issue's "Known today" list, each item split into checks: (item, check, causes -> list)
KNOWN_TODAY = [
    ("1 view[idx] = t / copy_ into a view of a no-grad tensor",
     "writes into views and no-grad tensors", lambda cs: _any(cs, task="writes-into-views")),
    ("2 reshape/reshape_as/view_as to the same shape", "returns the input",
     lambda cs: _any(cs, task="views-same-shape", label=("reshape", "reshape_as", "view_as"))),
    ("3 iterating a tensor / unbind give views", "writes through pieces",
     lambda cs: _any(cs, task="iteration-views")),
    ("4 second backward without retain_graph", "not refused",
     lambda cs: _any(cs, task="second-backward")),
    ("5 backward(gradient=) of another dtype", "not cast before hooks / accumulation",
     lambda cs: _any(cs, task="gradient-dtype")),
    ("6 create_graph through piecewise-linear ops, nll_loss / cross_entropy, conv",
     "piecewise-linear ops and pools",
     lambda cs: _any(cs, task="create-graph-differentiable", ops=PIECEWISE)),
    ("6 create_graph through piecewise-linear ops, nll_loss / cross_entropy, conv",
     "nll_loss / cross_entropy", lambda cs: _any(cs, task="create-graph-differentiable", ops=(
         "F.nll_loss", "F.cross_entropy"))),
    ("6 create_graph through piecewise-linear ops, nll_loss / cross_entropy, conv", "conv",
     lambda cs: _any(cs, task="create-graph-differentiable", ops=CONV)),
    ("7 a hook's gradient from mean() (any broadcast) is writable", "in-place edit in a hook",
     lambda cs: _any(cs, task="expanded-writes", label=("backward", "autograd.grad"))),
    ("8 NaN and Inf", "masked gradients / values with NaN or Inf",
     lambda cs: _any(cs, task="non-finite")),
    ("8 NaN and Inf", "sign(nan)", lambda cs: _any(cs, task="non-finite", label=("sign", "sgn"))),
    ("8 NaN and Inf", "softmax / cross_entropy with +inf", lambda cs: _any(
        cs, task="non-finite", ops=("softmax", "F.softmax", "log_softmax", "F.log_softmax",
                                    "F.cross_entropy", "F.scaled_dot_product_attention"))),
    ("9 result dtypes of integer inputs; copy_ of a float into an int tensor",
     "hardtanh / relu6", lambda cs: _any(cs, label=("F.hardtanh", "F.relu6"), key="dtype")),
    ("9 result dtypes of integer inputs; copy_ of a float into an int tensor",
     "addcmul / addcdiv", lambda cs: _any(cs, label=("addcmul", "addcdiv"), key="dtype")),
    ("9 result dtypes of integer inputs; copy_ of a float into an int tensor",
     "cumsum(dtype=)", lambda cs: _any(cs, label=("cumsum",), key="dtype")),
    ("9 result dtypes of integer inputs; copy_ of a float into an int tensor",
     "copy_ of a float requiring grad into an int tensor",
     lambda cs: _any(cs, label=("copy_",), key="requires_grad \\| False vs True")),
    ("10 empty batches; max-pool windows of padding; writes on expanded size-1 dims",
     "empty conv / pooling / norms / einsum / median",
     lambda cs: _any(cs, task=("empty-tensors", "numpy-errors"), label=CONV + POOLS + NORMS + (
         "einsum", "median", "F.linear"))),
    ("10 empty batches; max-pool windows of padding; writes on expanded size-1 dims",
     "max-pool window made only of padding",
     lambda cs: _any(cs, label=("F.max_pool1d", "F.max_pool2d"), key="value")
     + _any(cs, ops=("F.max_pool1d", "F.max_pool2d"), text="out of bounds")),
    ("10 empty batches; max-pool windows of padding; writes on expanded size-1 dims",
     "in-place writes on expanded size-1 dims",
     lambda cs: [c for c in _any(cs, task="expanded-writes")
                 if not _label(c).startswith(("backward", "autograd.grad"))]),
    ("11 misuse refused as PyTorch refuses it", "DataLoader batch sizes",
     lambda cs: _any(cs, label=("path.utils.data.DataLoader",))),
    ("11 misuse refused as PyTorch refuses it", "negative index in index_select",
     lambda cs: _any(cs, label=("index_select",), text="index out of range")),
    ("11 misuse refused as PyTorch refuses it", ".to('cuda') without CUDA",
     lambda cs: _any(cs, label=("to",), text="CUDA|cuda")),
    ("11 misuse refused as PyTorch refuses it", "unsupported dtypes",
     lambda cs: _any(cs, label=("to", "half", "int", "type_as"),
                     text="complex|bfloat16|Half|float16|uint8|int32|dtype")),
    ("11 misuse refused as PyTorch refuses it", "NumPy exception text",
     lambda cs: _any(cs, task="numpy-errors")),
    ("12 node names and node-hook arguments", "matmul of batched and 1-d operands",
     lambda cs: _any(cs, task="node-matmul", label=("matmul", "op.matmul"))),
    ("12 node names and node-hook arguments", "F.normalize",
     lambda cs: _any(cs, label=("F.normalize",), task=("node-losses", "node-names"))),
    ("12 node names and node-hook arguments", "prelu",
     lambda cs: _any(cs, label=("F.prelu",), task=("node-losses", "node-names"))),
    ("12 node names and node-hook arguments", "zero_ / fill_ / copy_ nodes",
     lambda cs: _any(cs, task="node-inplace", label=("zero_", "fill_", "copy_"))),
    ("12 node names and node-hook arguments", "slicing",
     lambda cs: _any(cs, label=("op.getitem",), task=("node-names", "node-inplace"))),
    ("12 node names and node-hook arguments", "CatBackward0 hooks get None",
     lambda cs: _any(cs, task="hook-arguments", ops=("cat", "stack", "hstack", "vstack"))),
    ("12 node names and node-hook arguments", "CopySlices with a number source",
     lambda cs: _any(cs, key="CopySlices", task=("node-inplace", "node-second-order",
                                                  "hook-arguments"))),
    ("12 node names and node-hook arguments", "double-backward graphs",
     lambda cs: _any(cs, task="node-second-order")),
]


def known_today(causes):
    """[(item, check, programs, causes)] for the issue's "Known today" list."""
    out = []
    for item, check, find in KNOWN_TODAY:
        found = find(causes)
        out.append((item, check, sum(c["count"] for c in found), found))
    for name in sorted(ISSUE_NAMED):
        found = [c for c in causes if _missing_name(c) == name]
        out.append(("13 missing methods", name, sum(c["count"] for c in found), found))
    return out
