"""Op table, part 4: matrix products, torch.nn.functional (conv, pooling, activations,
normalization, losses, embedding, padding, interpolation, attention) and misuse that PyTorch
refuses (DataLoader batch sizes)."""
from .ops_elementwise import Op, inplace_target

ACTIVATIONS = {"relu": {}, "relu6": {}, "elu": {"alpha": [0.5, 1.0]}, "selu": {}, "celu": {},
               "gelu": {"approximate": ["none", "tanh"]}, "silu": {}, "mish": {},
               "softplus": {"beta": [1, 2], "threshold": [20, 1]}, "softsign": {},
               "hardtanh": {"min_val": [-1.0, -0.5], "max_val": [1.0, 2.0]}, "hardsigmoid": {},
               "hardswish": {}, "hardshrink": {"lambd": [0.5, 1.0]},
               "softshrink": {"lambd": [0.5, 0.25]}, "tanhshrink": {}, "logsigmoid": {},
               "sigmoid": {}, "tanh": {}, "leaky_relu": {"negative_slope": [0.01, 0.2]},
               "rrelu": {"training": [False]}}
INPLACE_ACTIVATIONS = ["relu", "relu6", "elu", "selu", "celu", "silu", "mish", "hardtanh",
                       "hardsigmoid", "hardswish", "leaky_relu", "threshold", "rrelu"]
F_INPLACE = ["relu_", "elu_", "leaky_relu_", "hardtanh_", "threshold_", "celu_", "selu_",
             "rrelu_"]


def _kwargs_from(ctx, options):
    return {key: ctx.choice(values) for key, values in options.items() if ctx.chance(0.5)}


def _activation(name):
    def gen(ctx):
        x = ctx.tensor("float" if ctx.chance(0.85) else "any")
        return [x.ref], _kwargs_from(ctx, ACTIVATIONS.get(name, {}))
    return gen


def _activation_inplace(name):
    def gen(ctx):
        x = inplace_target(ctx, "float" if ctx.chance(0.9) else "int")
        if name.startswith("threshold"):
            return [x.ref, 0.5, -1.0], {}
        return [x.ref], {"inplace": True} if not name.endswith("_") else {}
    return gen


def _threshold(ctx):
    x = ctx.tensor("float")
    return [x.ref, ctx.choice([0.0, 0.5]), ctx.choice([-1.0, 2.0])], {}


def _softmax_family(ctx):
    x = ctx.tensor("float" if ctx.chance(0.9) else "int")
    kwargs = {"dim": ctx.dim(x)}
    if ctx.chance(0.2):
        kwargs["dtype"] = {"dtype": "float64"}
    return [x.ref], kwargs


def _glu(ctx):
    x = ctx.tensor("float", min_ndim=1)
    even = [d for d, s in enumerate(x.shape) if s % 2 == 0]
    if not even:
        x = ctx.new((2, ctx.integer(1, 3)))
        even = [0]
    return [x.ref], {"dim": ctx.choice(even)}


def _prelu(ctx):
    x = ctx.tensor("float", min_ndim=1)
    channels = x.shape[1] if x.ndim >= 2 else 1
    weight = ctx.new((ctx.choice([1, channels]),), domain=None)
    return [x.ref, weight.ref], {}


def _normalize(ctx):
    x = ctx.tensor("float", min_ndim=1)
    return [x.ref], {"p": ctx.choice([2.0, 1.0, 3]), "dim": ctx.dim(x)}


def _dropout(name):
    def gen(ctx):
        x = ctx.tensor("float", min_ndim=2 if name != "dropout" else 0)
        if ctx.chance(0.5):
            return [x.ref], {"p": 0.0}
        return [x.ref], {"p": ctx.choice([0.5, 1.0]), "training": False}
    return gen


# -------------------------------------------------------------- matrix products
def _matmul(ctx):
    roll = ctx.rng.random()
    n, k, m, b = ctx.integer(1, 4), ctx.integer(0, 4) if ctx.chance(0.1) else ctx.integer(
        1, 4), ctx.integer(1, 4), ctx.integer(1, 3)
    shapes = ctx.choice([((k,), (k,)), ((n, k), (k,)), ((k,), (k, m)), ((n, k), (k, m)),
                         ((b, n, k), (b, k, m)), ((b, n, k), (k, m)), ((n, k), (b, k, m)),
                         ((b, n, k), (k,)), ((k,), (b, k, m)), ((2, 1, n, k), (b, k, m)),
                         ((1, n, k), (b, k, m))])
    existing = ctx.pick(lambda t: t.is_float and t.ndim in (1, 2, 3) and t.shape[-1] == k)
    a = existing if existing is not None and roll < 0.5 else ctx.new(shapes[0])
    shape_b = shapes[1] if a.ndim == len(shapes[0]) else ((k,) if a.ndim == 1 else (k, m))
    other = ctx.new(shape_b, ctx.choice(["float32"] * 8 + ["float64", "int64"]))
    return [a.ref, other.ref], {}


def _mm(name):
    def gen(ctx):
        n, k, m, b = (ctx.integer(1, 3), ctx.integer(0, 3), ctx.integer(1, 3),
                      ctx.integer(1, 2))
        shapes = {"mm": [(n, k), (k, m)], "bmm": [(b, n, k), (b, k, m)], "mv": [(n, k), (k,)],
                  "dot": [(k,), (k,)], "vdot": [(k,), (k,)], "outer": [(n,), (m,)],
                  "inner": [(n, k), (m, k)], "kron": [(n, k), (m, 2)],
                  "tensordot": [(n, k, 2), (k, 2, m)], "cross": [(n, 3), (n, 3)],
                  "addmm": [(m,), (n, k), (k, m)], "addmv": [(n,), (n, k), (k,)],
                  "addr": [(n, m), (n,), (m,)], "baddbmm": [(1, n, m), (b, n, k), (b, k, m)],
                  "addbmm": [(n, m), (b, n, k), (b, k, m)], "chain_matmul": [(n, k), (k, m)],
                  "cdist": [(n, k or 1), (m, k or 1)], "det": [(n, n)], "inv": [(n, n)]}[name]
        args = [ctx.new(shape).ref for shape in shapes]
        kwargs = {}
        if name in ("addmm", "addmv", "addr", "baddbmm", "addbmm") and ctx.chance(0.4):
            kwargs = {"beta": ctx.choice([0, 0.5]), "alpha": ctx.choice([2, 1])}
        if name == "tensordot":
            kwargs = {"dims": 2}
        if name == "cross":
            kwargs = {"dim": -1}
        return args, kwargs
    return gen


EINSUM = [("ij,jk->ik", [("n", "k"), ("k", "m")]), ("bij,bjk->bik", [("b", "n", "k"),
                                                                      ("b", "k", "m")]),
          ("ii->i", [("n", "n")]), ("ij->", [("n", "k")]), ("i,j->ij", [("n",), ("m",)]),
          ("...ij->...ji", [("b", "n", "k")]), ("ij,ij->i", [("n", "k"), ("n", "k")]),
          ("bn,anm,bm->ba", [("b", "n"), ("k", "n", "m"), ("b", "m")])]


def _einsum(ctx):
    equation, operands = ctx.choice(EINSUM)
    sizes = {"n": ctx.integer(1, 3), "k": ctx.integer(1, 3), "m": ctx.integer(1, 3),
             "b": ctx.integer(0, 2)}
    return [equation] + [ctx.new(tuple(sizes[c] for c in shape)).ref for shape in operands], {}


def _vector_norm(ctx):
    x = ctx.tensor("float")
    kwargs = {"ord": ctx.choice([2, 1, 3, float("inf"), 0])}
    if ctx.chance(0.6) and x.ndim:
        kwargs["dim"] = ctx.dim(x)
        kwargs["keepdim"] = ctx.chance(0.4)
    return [x.ref], kwargs


def _matrix_norm(ctx):
    x = ctx.tensor("float", min_ndim=2)
    return [x.ref], {"ord": ctx.choice(["fro", 1, float("inf"), -1])}


# -------------------------------------------------------------- conv and pooling
def _batch(ctx):
    return ctx.choice([0, 1, 2, 2], p=[0.1, 0.3, 0.3, 0.3])


def _conv(name):
    def gen(ctx):
        dims = 2 if "2d" in name else 1
        transposed = "transpose" in name
        groups = ctx.choice([1, 1, 2])
        cin, cout = groups * ctx.integer(1, 2), groups * ctx.integer(1, 2)
        spatial = tuple(ctx.integer(2, 5) for _ in range(dims))
        kernel = tuple(ctx.integer(1, min(3, s)) for s in spatial)
        batched = ctx.chance(0.85)
        x = ctx.new(((_batch(ctx),) if batched else ()) + (cin,) + spatial)
        weight_shape = ((cin, cout // groups) if transposed else (cout, cin // groups)) + kernel
        weight = ctx.new(weight_shape)
        bias = ctx.new((cout,)).ref if ctx.chance(0.6) else None
        kwargs = {"stride": ctx.choice([1, 1, 2]), "groups": groups}
        if ctx.chance(0.5):
            kwargs["padding"] = ctx.choice([0, 1] + ([] if transposed else ["same", "valid"]))
            if kwargs["padding"] == "same":
                kwargs["stride"] = 1
        if ctx.chance(0.3):
            kwargs["dilation"] = ctx.choice([1, 2])
        if transposed and ctx.chance(0.2) and kwargs["stride"] == 2:
            kwargs["output_padding"] = 1
        return [x.ref, weight.ref, bias], kwargs
    return gen


def _pool(name):
    def gen(ctx):
        dims = 2 if "2d" in name else 1
        batched = ctx.chance(0.8)
        shape = ((_batch(ctx),) if batched else ()) + (ctx.integer(1, 2),) + tuple(
            ctx.integer(1, 5) for _ in range(dims))
        x = ctx.pick(lambda m: m.is_float and m.ndim in (dims + 1, dims + 2) and all(
            s >= 1 for s in m.shape[-dims:]))
        if x is None or ctx.chance(0.5):
            x = ctx.new(shape)
        smallest = min(x.shape[-dims:])
        if name.startswith("adaptive"):
            kwargs = {"output_size": ctx.integer(1, 3)}
            if "max" in name and ctx.chance(0.3):
                kwargs["return_indices"] = True
            return [x.ref], kwargs
        kernel = ctx.integer(1, max(1, min(3, smallest)) if ctx.chance(0.7) else 3)
        kwargs = {"kernel_size": kernel}
        if name.startswith("max") and ctx.chance(0.15):  # windows made only of padding
            x = ctx.new(x.shape[:-1] + (1,))
            return [x.ref], {"kernel_size": 2, "stride": ctx.integer(1, 2), "padding": 1,
                             "dilation": 2, "ceil_mode": ctx.chance(0.5)}
        if ctx.chance(0.5):
            kwargs["stride"] = ctx.integer(1, 3)
        if name.startswith("lp_pool"):
            return [x.ref, ctx.choice([1.0, 2.0, 3.0]), kernel], {
                k: v for k, v in kwargs.items() if k == "stride"}
        if ctx.chance(0.5):
            kwargs["padding"] = ctx.integer(0, kernel // 2)
        if ctx.chance(0.3):
            kwargs["ceil_mode"] = True
        if name.startswith("max"):
            if ctx.chance(0.3):  # with padding, windows made only of padding
                kwargs["dilation"] = 2
            if ctx.chance(0.2):
                kwargs["return_indices"] = True
        else:
            if ctx.chance(0.3):
                kwargs["count_include_pad"] = False
            if dims == 2 and ctx.chance(0.1):
                kwargs["divisor_override"] = 2
        return [x.ref], kwargs
    return gen


# -------------------------------------------------------------- normalization
def _norm(name):
    def gen(ctx):
        channels = ctx.integer(1, 2) * (2 if name == "group_norm" else 1)
        shape = (_batch(ctx), channels) + tuple(ctx.integer(1, 3) for _ in range(
            ctx.integer(0 if name != "instance_norm" else 1, 2)))
        x = ctx.new(shape)
        affine = ctx.chance(0.6)
        if name in ("layer_norm", "rms_norm"):
            normalized = list(shape[-ctx.integer(1, len(shape) - 1):])
            args = [x.ref, normalized]
            if affine:
                args.append(ctx.new(tuple(normalized)).ref)
                if name == "layer_norm":
                    args.append(ctx.new(tuple(normalized)).ref)
            return args, {}
        if name == "group_norm":
            kwargs = {"weight": ctx.new((channels,)).ref, "bias": ctx.new((channels,)).ref} \
                if affine else {}
            return [x.ref, ctx.choice([1, 2])], kwargs
        stats = [ctx.new((channels,), rg=False).ref, ctx.new((channels,), domain="pos",
                                                             rg=False).ref]
        training = ctx.chance(0.6)
        kwargs = {"weight": ctx.new((channels,)).ref, "bias": ctx.new((channels,)).ref} \
            if affine else {}
        if name == "instance_norm":
            kwargs.update({"use_input_stats": True})
            if ctx.chance(0.5):
                kwargs.update({"running_mean": stats[0], "running_var": stats[1]})
            return [x.ref], kwargs
        kwargs.update({"training": training, "momentum": ctx.choice([0.1, 0.5])})
        if ctx.chance(0.2) and training:
            stats = [None, None]
        return [x.ref] + stats, kwargs
    return gen


# -------------------------------------------------------------- losses
def _pair(ctx, target_domain=None):
    x = ctx.tensor("float")
    target = ctx.new(x.shape, domain=target_domain, rg=ctx.chance(0.2))
    return x, target


def _loss_kwargs(ctx):
    return {"reduction": ctx.choice(["mean", "sum", "none"])} if ctx.chance(0.6) else {}


def _regression_loss(name):
    def gen(ctx):
        x, target = _pair(ctx)
        kwargs = _loss_kwargs(ctx)
        if name == "smooth_l1_loss" and ctx.chance(0.5):
            kwargs["beta"] = ctx.choice([0.5, 2.0, 0.0])
        if name == "huber_loss" and ctx.chance(0.5):
            kwargs["delta"] = ctx.choice([0.5, 2.0])
        return [x.ref, target.ref], kwargs
    return gen


def _classification_input(ctx, log_probabilities):
    batch, classes = _batch(ctx), ctx.integer(1, 4)
    extra = (ctx.integer(1, 3),) if ctx.chance(0.2) else ()
    shape = ((batch, classes) + extra) if ctx.chance(0.85) else (classes,)
    x = ctx.new(shape)
    if log_probabilities:
        ctx.emit({"k": "call", "f": "F", "n": "log_softmax", "a": [x.ref],
                  "kw": {"dim": 0 if len(shape) == 1 else 1}})
        x = ctx.pool()[-1]
    target_shape = () if len(shape) == 1 else (batch,) + extra
    target = ctx.new(target_shape, "int64", domain="index")
    values = ctx.rng.integers(0, classes, len(ctx.steps[-1]["v"])).tolist()
    if values and ctx.chance(0.2):
        values[0] = -100 if ctx.chance(0.5) else 0
    ctx.steps[-1]["v"] = values
    ctx.interp.env[-1] = ctx.torch.tensor(values).reshape(target_shape)
    return x, target, classes


def _nll(name):
    def gen(ctx):
        x, target, classes = _classification_input(ctx, name == "nll_loss")
        kwargs = _loss_kwargs(ctx)
        if ctx.chance(0.3):
            kwargs["weight"] = ctx.new((classes,), domain="pos", rg=False).ref
        if ctx.chance(0.2):
            kwargs["ignore_index"] = 0
        if name == "cross_entropy" and ctx.chance(0.3):
            kwargs["label_smoothing"] = ctx.choice([0.1, 0.5])
        if name == "cross_entropy" and ctx.chance(0.2):  # probabilities as the target
            target = ctx.new(tuple(ctx.interp.arg(x.ref).shape), domain="prob", rg=False)
            kwargs.pop("ignore_index", None)
        return [x.ref, target.ref], kwargs
    return gen


def _bce(name):
    def gen(ctx):
        x = ctx.new(ctx.shape(), domain="prob" if name == "binary_cross_entropy" else None)
        target = ctx.new(x.shape, domain="prob", rg=ctx.chance(0.2))
        kwargs = _loss_kwargs(ctx)
        if ctx.chance(0.3):
            kwargs["weight"] = ctx.new(ctx.broadcast_shape(x.shape), domain="pos",
                                       rg=False).ref
        if name.endswith("logits") and ctx.chance(0.3) and x.ndim:
            kwargs["pos_weight"] = ctx.new(x.shape[-1:], domain="pos", rg=False).ref
        return [x.ref, target.ref], kwargs
    return gen


def _sign_target_loss(name):
    def gen(ctx):
        x = ctx.tensor("float", min_ndim=1 if name != "hinge_embedding_loss" else 0)
        target = ctx.new(x.shape if name != "cosine_embedding_loss" else x.shape[:1], "float32",
                         rg=False)
        ctx.steps[-1]["v"] = [ctx.choice([-1.0, 1.0]) for _ in ctx.steps[-1]["v"]]
        ctx.interp.env[-1] = ctx.torch.tensor(ctx.steps[-1]["v"]).reshape(target.shape)
        if name in ("margin_ranking_loss",):
            return [x.ref, ctx.new(x.shape).ref, target.ref], _loss_kwargs(ctx)
        if name == "cosine_embedding_loss":
            if x.ndim != 2:
                return None
            return [x.ref, ctx.new(x.shape).ref, target.ref], _loss_kwargs(ctx)
        return [x.ref, target.ref], _loss_kwargs(ctx)
    return gen


def _kl_div(ctx):
    x, target = _pair(ctx, "prob")
    kwargs = {"reduction": ctx.choice(["batchmean", "sum", "mean", "none"])}
    if ctx.chance(0.3):
        kwargs["log_target"] = True
    return [x.ref, target.ref], kwargs


def _other_loss(name):
    def gen(ctx):
        if name == "triplet_margin_loss":
            shape = (_batch(ctx) or 1, ctx.integer(1, 3))
            return [ctx.new(shape).ref, ctx.new(shape).ref, ctx.new(shape).ref], _loss_kwargs(
                ctx)
        if name == "poisson_nll_loss":
            x, target = _pair(ctx, "pos")
            return [x.ref, target.ref], {"log_input": ctx.chance(0.6), "full": ctx.chance(0.3)}
        if name == "gaussian_nll_loss":
            x, target = _pair(ctx)
            return [x.ref, target.ref, ctx.new(x.shape, domain="pos").ref], _loss_kwargs(ctx)
        if name in ("multi_margin_loss", "multilabel_soft_margin_loss",
                    "multilabel_margin_loss"):
            x, target, classes = _classification_input(ctx, False)
            if ctx.interp.arg(x.ref).dim() != 2:
                return None
            if name == "multilabel_soft_margin_loss":
                target = ctx.new(tuple(ctx.interp.arg(x.ref).shape), domain="prob", rg=False)
            if name == "multilabel_margin_loss":
                target = ctx.new(tuple(ctx.interp.arg(x.ref).shape), "int64", domain="index")
            return [x.ref, target.ref], _loss_kwargs(ctx)
        return None
    return gen


# -------------------------------------------------------------- misc nn
def _linear(ctx):
    x = ctx.tensor("float", min_ndim=1, max_ndim=3)
    features = x.shape[-1]
    out = ctx.integer(1, 3)
    bias = ctx.new((out,)).ref if ctx.chance(0.6) else None
    return [x.ref, ctx.new((out, features)).ref, bias], {}


def _bilinear(ctx):
    batch, a, b, out = ctx.integer(1, 2), ctx.integer(1, 2), ctx.integer(1, 2), ctx.integer(1, 2)
    return [ctx.new((batch, a)).ref, ctx.new((batch, b)).ref, ctx.new((out, a, b)).ref,
            ctx.new((out,)).ref if ctx.chance(0.5) else None], {}


def _embedding(ctx):
    rows = ctx.integer(2, 4)
    index = ctx.new(ctx.shape(ctx.integer(0, 2)), "int64", domain="index")
    ctx.steps[-1]["v"] = [v % rows for v in ctx.steps[-1]["v"]]
    ctx.interp.env[-1] = ctx.torch.tensor(ctx.steps[-1]["v"],
                                          dtype=ctx.torch.int64).reshape(index.shape)
    weight = ctx.new((rows, ctx.integer(1, 3)))
    kwargs = {}
    if ctx.chance(0.3):
        kwargs["padding_idx"] = ctx.integer(0, rows - 1)
    if ctx.chance(0.15):
        kwargs["max_norm"] = 1.0
    return [index.ref, weight.ref], kwargs


def _one_hot(ctx):
    x = ctx.new(ctx.shape(ctx.integer(0, 2)), "int64", domain="index")
    return [x.ref], ({"num_classes": ctx.choice([4, 5, -1])} if ctx.chance(0.6) else {})


def _pad(ctx):
    x = ctx.tensor("float", min_ndim=1, max_ndim=4)
    mode = ctx.choice(["constant", "constant", "reflect", "replicate", "circular"])
    count = ctx.integer(1, min(2, x.ndim - (0 if mode == "constant" else 1)) or 1)
    pads = [ctx.integer(0 if mode != "constant" else -1, 2) for _ in range(2 * count)]
    kwargs = {"mode": mode}
    if mode == "constant" and ctx.chance(0.5):
        kwargs["value"] = ctx.choice([1.5, -2.0])
    return [x.ref, pads], kwargs


def _interpolate(ctx):
    dims = ctx.integer(1, 2)
    x = ctx.new((ctx.integer(0, 2) if ctx.chance(0.2) else 1, ctx.integer(1, 2)) + tuple(
        ctx.integer(1, 3) for _ in range(dims)))
    mode = ctx.choice(["nearest", "linear" if dims == 1 else "bilinear", "nearest-exact",
                       "area", "bicubic" if dims == 2 else "nearest"])
    kwargs = {"mode": mode}
    if ctx.chance(0.5):
        kwargs["scale_factor"] = ctx.choice([2, 1.5, 0.5])
    else:
        kwargs["size"] = ctx.integer(1, 4)
    if mode in ("linear", "bilinear", "bicubic") and ctx.chance(0.5):
        kwargs["align_corners"] = ctx.chance(0.5)
    return [x.ref], kwargs


def _similarity(name):
    def gen(ctx):
        x = ctx.tensor("float", min_ndim=1)
        other = ctx.new(ctx.broadcast_shape(x.shape) if ctx.chance(0.3) else x.shape)
        kwargs = {"dim": -1} if name == "cosine_similarity" and ctx.chance(0.5) else {}
        if name == "pairwise_distance" and ctx.chance(0.4):
            kwargs["p"] = ctx.choice([1.0, 3.0])
        return [x.ref, other.ref], kwargs
    return gen


def _attention(ctx):
    batch, length, dim = ctx.integer(1, 2), ctx.integer(1, 3), ctx.integer(1, 3)
    q = ctx.new((batch, length, dim))
    k = ctx.new((batch, length, dim))
    v = ctx.new((batch, length, dim))
    kwargs = {}
    if ctx.chance(0.3):
        kwargs["is_causal"] = True
    elif ctx.chance(0.3):
        kwargs["attn_mask"] = ctx.new((length, length), "bool").ref
    return [q.ref, k.ref, v.ref], kwargs


def _pixel_shuffle(ctx):
    return [ctx.new((1, 4, ctx.integer(1, 2), ctx.integer(1, 2))).ref, 2], {}


def _fold_unfold(ctx):
    return [ctx.new((1, ctx.integer(1, 2), 3, 3)).ref], {"kernel_size": 2}


def _data_loader(ctx):
    """TensorDataset + DataLoader with a batch size PyTorch may refuse, then list(loader)."""
    x = ctx.tensor("float", min_ndim=1, min_numel=1)
    ctx.emit({"k": "call", "f": "path", "n": "utils.data.TensorDataset", "a": [x.ref]})
    dataset = {"$": len(ctx.steps) - 1}
    batch_size = ctx.choice([0, -1, 1.5, 2, 1, None, True])
    record = ctx.emit({"k": "call", "f": "path", "n": "utils.data.DataLoader",
                       "a": [dataset], "kw": {"batch_size": batch_size,
                                              "drop_last": ctx.chance(0.3)}})
    if "e" in record:
        return None
    return [{"$": len(ctx.steps) - 1}], {}


def table():
    ops = []
    for name in ACTIVATIONS:
        ops.append(Op(f"{name}", ("F",), _activation(name)))
    for name in INPLACE_ACTIVATIONS:
        ops.append(Op(name, ("F",), _activation_inplace(name), 0.4))
    for name in F_INPLACE:
        ops.append(Op(name, ("F",), _activation_inplace(name), 0.4))
    ops += [Op("threshold", ("F",), _threshold), Op("softmax", ("F",), _softmax_family, 1.5),
            Op("log_softmax", ("F",), _softmax_family, 1.5),
            Op("softmin", ("F",), _softmax_family), Op("glu", ("F",), _glu),
            Op("prelu", ("F",), _prelu), Op("normalize", ("F",), _normalize),
            Op("dropout", ("F",), _dropout("dropout"), 0.5),
            Op("dropout2d", ("F",), _dropout("dropout2d"), 0.2),
            Op("alpha_dropout", ("F",), _dropout("dropout"), 0.2)]
    ops += [Op("matmul", ("m", "t"), _matmul, 3.0), Op("matmul", ("op",), _matmul, 2.0)]
    for name in ("mm", "bmm", "mv", "dot", "vdot", "outer", "inner", "kron", "tensordot",
                 "cross", "addmm", "addmv", "addr", "baddbmm", "addbmm", "cdist"):
        ops.append(Op(name, ("t",), _mm(name)))
    ops += [Op("det", ("la",), _mm("det"), 0.3), Op("inv", ("la",), _mm("inv"), 0.3),
            Op("einsum", ("t",), _einsum, 1.5), Op("vector_norm", ("la",), _vector_norm),
            Op("matrix_norm", ("la",), _matrix_norm, 0.5), Op("norm", ("la",), _vector_norm,
                                                               0.5)]
    for name in ("conv1d", "conv2d", "conv_transpose1d", "conv_transpose2d"):
        ops.append(Op(name, ("F",), _conv(name), 1.5))
    for name in ("max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d",
                 "adaptive_avg_pool2d", "adaptive_max_pool1d", "adaptive_max_pool2d",
                 "lp_pool1d", "lp_pool2d"):
        ops.append(Op(name, ("F",), _pool(name), 1.2 if "max_pool" in name else 0.8))
    for name in ("layer_norm", "group_norm", "batch_norm", "instance_norm", "rms_norm"):
        ops.append(Op(name, ("F",), _norm(name)))
    for name in ("mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "soft_margin_loss"):
        ops.append(Op(name, ("F",), _regression_loss(name)))
    ops += [Op("nll_loss", ("F",), _nll("nll_loss"), 2.0),
            Op("cross_entropy", ("F",), _nll("cross_entropy"), 2.0),
            Op("binary_cross_entropy", ("F",), _bce("binary_cross_entropy")),
            Op("binary_cross_entropy_with_logits", ("F",),
               _bce("binary_cross_entropy_with_logits")), Op("kl_div", ("F",), _kl_div)]
    for name in ("hinge_embedding_loss", "margin_ranking_loss", "cosine_embedding_loss"):
        ops.append(Op(name, ("F",), _sign_target_loss(name), 0.6))
    for name in ("triplet_margin_loss", "poisson_nll_loss", "gaussian_nll_loss",
                 "multi_margin_loss", "multilabel_soft_margin_loss", "multilabel_margin_loss"):
        ops.append(Op(name, ("F",), _other_loss(name), 0.6))
    ops += [Op("linear", ("F",), _linear, 1.5), Op("bilinear", ("F",), _bilinear, 0.5),
            Op("embedding", ("F",), _embedding), Op("one_hot", ("F",), _one_hot, 0.5),
            Op("pad", ("F",), _pad), Op("interpolate", ("F",), _interpolate),
            Op("cosine_similarity", ("F",), _similarity("cosine_similarity"), 0.6),
            Op("pairwise_distance", ("F",), _similarity("pairwise_distance"), 0.6),
            Op("scaled_dot_product_attention", ("F",), _attention, 0.6),
            Op("pixel_shuffle", ("F",), _pixel_shuffle, 0.3),
            Op("unfold", ("F",), _fold_unfold, 0.3), Op("list", ("builtin",), _data_loader,
                                                         0.4)]
    return ops
