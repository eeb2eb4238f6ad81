# Dtypes PyTorch refuses (issue 11, fuzzer task T26): kernels without a bool or integer
# version (NotImplementedError naming the kernel), ops that do not promote (lerp, prelu,
# index_add/index_copy/index_put, meshgrid, isclose, matrix products of bools), integer
# division in addcdiv, and the backward of huber_loss / binary_cross_entropy given two dtypes.
import torch

F = torch.nn.functional


def run(label, fn):
    try:
        out = fn()
        if isinstance(out, tuple):
            out = out[0]
        print(label, "->", out.dtype, list(out.shape))
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e))


def t(dtype, *shape):
    values = [1, 0, 2, 0, 1, 1][:max(1, len(shape) and shape[-1])]
    if dtype == torch.bool:
        return torch.tensor([bool(v) for v in values]).expand(*shape).clone() if shape else \
            torch.tensor(True)
    return torch.tensor(values, dtype=dtype).expand(*shape).clone() if shape else \
        torch.tensor(1, dtype=dtype)


B, L, Fl, D = torch.bool, torch.int64, torch.float32, torch.float64
for dtype in (B, L):
    name = str(dtype)
    for op in ("abs", "floor", "ceil", "round", "trunc", "fix", "relu", "positive", "sign",
               "frac", "exp", "square"):
        run(f"torch.{op}({name})", lambda op=op, dtype=dtype: getattr(torch, op)(t(dtype, 2, 3)))
    run(f"round(decimals=0) {name}", lambda dtype=dtype: t(dtype, 3).round(decimals=0))
    run(f"round(decimals=1) {name}", lambda dtype=dtype: t(dtype, 3).round(decimals=1))
    run(f"+x {name}", lambda dtype=dtype: +t(dtype, 3))
    for op in ("elu", "selu", "celu", "gelu", "silu", "mish", "softplus", "softsign",
               "hardsigmoid", "hardswish", "hardshrink", "softshrink",
               "logsigmoid", "leaky_relu", "rrelu", "threshold"):
        args = (0.5, 2.0) if op == "threshold" else ()
        run(f"F.{op}({name})", lambda op=op, dtype=dtype, args=args:
            getattr(F, op)(t(dtype, 2, 3), *args))
    if dtype == B:  # (integers keep their dtype: another task's)
        run("F.hardtanh(bool)", lambda: F.hardtanh(t(B, 2, 3)))
        run("F.relu6(bool)", lambda: F.relu6(t(B, 2, 3)))
    run(f"F.rrelu(training) {name}", lambda dtype=dtype: F.rrelu(t(dtype, 3), training=True))
    run(f"F.elu(inplace) {name}", lambda dtype=dtype: F.elu(t(dtype, 3), inplace=True))
    for op in ("argmax", "argmin", "median", "mean", "var", "std"):
        run(f"torch.{op}({name})", lambda op=op, dtype=dtype: getattr(torch, op)(t(dtype, 2, 3)))
        run(f"torch.{op}({name}, 1)", lambda op=op, dtype=dtype:
            getattr(torch, op)(t(dtype, 2, 3), 1))
    run(f"var_mean {name}", lambda dtype=dtype: torch.var_mean(t(dtype, 3)))
    run(f"std_mean {name}", lambda dtype=dtype: torch.std_mean(t(dtype, 3), 0))
    run(f"topk {name}", lambda dtype=dtype: t(dtype, 3).topk(1))
    run(f"lerp {name}", lambda dtype=dtype: torch.lerp(t(dtype, 3), t(dtype, 3), 0.5))
    run(f"lerp tensor weight {name}", lambda dtype=dtype:
        torch.lerp(t(dtype, 3), t(dtype, 3), t(dtype, 3)))
    run(f"prelu {name}", lambda dtype=dtype: F.prelu(t(dtype, 2, 3), t(dtype, 1)))
    run(f"addcdiv {name}", lambda dtype=dtype: torch.addcdiv(t(dtype, 3), t(dtype, 3),
                                                             t(dtype, 3)))
    run(f"addcmul {name}", lambda dtype=dtype: torch.addcmul(t(dtype, 3), t(dtype, 3),
                                                             t(dtype, 3)))
for op in ("remainder", "fmod", "floor_divide", "pow"):
    run(f"{op}(bool, bool)", lambda op=op: getattr(torch, op)(t(B, 3), t(B, 3)))
    run(f"{op}(bool, True)", lambda op=op: getattr(torch, op)(t(B, 3), True))
run("div floor bools", lambda: torch.div(t(B, 3), t(B, 3), rounding_mode="floor"))
run("div trunc bools", lambda: torch.div(t(B, 3), t(B, 3), rounding_mode="trunc"))
run("True % bools", lambda: True % t(B, 3))
run("bools // True", lambda: t(B, 3) // True)
run("clamp_min(bool, True)", lambda: torch.clamp_min(t(B, 3), True))
run("clamp_max(bool, False)", lambda: torch.clamp_max(t(B, 3), False))
run("clamp(bool, True, True)", lambda: t(B, 3).clamp(True, True))
run("clamp(bool, 0, True)", lambda: t(B, 3).clamp(0, True))
run("clamp(bool, bool, bool)", lambda: t(B, 3).clamp(t(B, 3), t(B, 3)))
run("clamp(bool, min=bool)", lambda: t(B, 3).clamp(t(B, 3)))
for a, b in ((B, B), (Fl, D), (L, Fl)):
    label = f"{a}, {b}"
    run(f"mm {label}", lambda a=a, b=b: torch.mm(t(a, 3, 3), t(b, 3, 3)))
    run(f"matmul 2d@1d {label}", lambda a=a, b=b: t(a, 3, 3) @ t(b, 3))
    run(f"matmul 1d@2d {label}", lambda a=a, b=b: t(a, 3) @ t(b, 3, 3))
    run(f"matmul 1d@1d {label}", lambda a=a, b=b: t(a, 3) @ t(b, 3))
    run(f"matmul 3d@3d {label}", lambda a=a, b=b: t(a, 1, 3, 3) @ t(b, 1, 3, 3))
    run(f"bmm {label}", lambda a=a, b=b: torch.bmm(t(a, 1, 3, 3), t(b, 1, 3, 3)))
    run(f"addmm {label}", lambda a=a, b=b: torch.addmm(t(a, 3, 3), t(a, 3, 3), t(b, 3, 3)))
    run(f"index_add {label}", lambda a=a, b=b:
        t(a, 3, 3).index_add(0, torch.tensor([0, 2]), t(b, 2, 3)))
    run(f"index_copy {label}", lambda a=a, b=b:
        t(a, 3, 3).index_copy(0, torch.tensor([0, 2]), t(b, 2, 3)))
    run(f"index_copy_ {label}", lambda a=a, b=b:
        t(a, 3, 3).index_copy_(0, torch.tensor([0, 2]), t(b, 2, 3)))
    run(f"prelu {label}", lambda a=a, b=b: F.prelu(t(a, 2, 3), t(b, 1)))
    run(f"meshgrid {label}", lambda a=a, b=b: torch.meshgrid(t(a, 3), t(b, 2), indexing="ij"))
    run(f"lerp end {label}", lambda a=a, b=b: torch.lerp(t(a, 3), t(b, 3), 0.5))
    run(f"lerp_ end {label}", lambda a=a, b=b: t(a, 3).lerp_(t(b, 3), 0.5))
    run(f"lerp weight {label}", lambda a=a, b=b: torch.lerp(t(a, 3), t(a, 3), t(b, 3)))
    run(f"isclose {label}", lambda a=a, b=b: torch.isclose(t(a, 3), t(b, 3)))
    run(f"allclose {label}", lambda a=a, b=b: torch.allclose(t(a, 3), t(b, 3)))
    run(f"addcdiv {label}", lambda a=a, b=b: torch.addcdiv(t(b, 3), t(a, 3), t(a, 3)))


def put(x, key, value):
    x[key] = value
    return x


run("x[[0]] = double", lambda: put(t(Fl, 2, 3), [0], t(D, 1, 3)))
run("x[[0]] = long 0-d", lambda: put(t(Fl, 2, 3), [0], torch.tensor(1)))
run("x[mask] = long 0-d", lambda: put(t(Fl, 2, 3), t(Fl, 2, 3) > 0, torch.tensor(2)))
run("x[0, mask] = long 0-d", lambda: put(t(Fl, 2, 3), (0, t(B, 3)), torch.tensor(2)))
run("x[0, [0, 1]] = long 0-d", lambda: put(t(Fl, 2, 3), (0, [0, 1]), torch.tensor(2)))
run("x[mask] = long 1-d", lambda: put(t(Fl, 2, 3), torch.tensor([True, False]), t(L, 3)))
run("x[0] = double", lambda: put(t(Fl, 2, 3), 0, t(D, 3)))
run("x[True] = double", lambda: put(t(Fl, 2, 3), True, t(D, 2, 3)))
run("bitwise_and float", lambda: torch.bitwise_and(t(Fl, 3), t(L, 3)))
run("bitwise_or int, 0.5", lambda: torch.bitwise_or(t(L, 3), 0.5))
run("float ^ bool", lambda: t(Fl, 3) ^ t(B, 3))
run("bitwise_not float", lambda: torch.bitwise_not(t(Fl, 3)))
run("~float", lambda: ~t(Fl, 3))
run("mean(dtype=int64)", lambda: t(Fl, 3).mean(dtype=torch.int64))
run("mean(0, dtype=bool)", lambda: torch.mean(t(Fl, 3), 0, dtype=torch.bool))
run("masked_fill long mask", lambda: t(Fl, 3).masked_fill(t(L, 3), 2.5))
run("where long condition", lambda: torch.where(t(L, 3), t(Fl, 3), t(Fl, 3)))
for name in ("huber_loss", "binary_cross_entropy", "mse_loss"):
    for a, b in ((D, Fl), (Fl, D)):
        for grad in ("input", "target", "both"):
            def backward(name=name, a=a, b=b, grad=grad):
                x = torch.tensor([[0.2, 0.7]], dtype=a, requires_grad=grad != "target")
                y = torch.tensor([[0.3, 0.6]], dtype=b, requires_grad=grad != "input")
                out = getattr(F, name)(x, y)
                out.backward()
                return out
            run(f"{name} {a}/{b} grad of {grad}", backward)
