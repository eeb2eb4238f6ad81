# PyTorch's CPU batch / group / instance norm take parameters of the input's dtype, or float32
# ones for a half / bfloat16 input: the first defined parameter (weight, bias, then batch
# norm's running statistics) decides whether a call is mixed ("mixed dtype (CPU): all inputs
# must share same datatype." / "... expect parameter to have scalar type of Float"); in a call
# that is not, a later parameter of another dtype is "expected scalar type Double but found
# Float". An integer input is refused by batch_norm's dtype dispatch first; instance_norm's
# running statistics are not checked. (fuzz 901:571, op table part 9: nn.BatchNorm1d)
import torch

F = torch.nn.functional


def attempt(label, fn):
    try:
        out = fn()
        print(label, "ok", out.dtype)
    except Exception as error:
        print(label, type(error).__name__, error)


x = torch.tensor([[[1.0, 2.0, -1.0], [0.5, 3.0, 2.0]], [[-2.0, 1.0, 0.25], [1.5, -0.5, 1.0]]],
                 dtype=torch.float64)
f32, f64 = torch.ones(2), torch.ones(2, dtype=torch.float64)
for train in (True, False):
    for track in (True, False):
        for affine in (True, False):
            bn = torch.nn.BatchNorm1d(2, affine=affine, track_running_stats=track).train(train)
            attempt(f"BatchNorm1d train={train} track={track} affine={affine}", lambda: bn(x))
attempt("half input, float64 stats", lambda: F.batch_norm(x.half(), f64 * 0, f64))
attempt("half input, float32 stats", lambda: F.batch_norm(x.half(), f32 * 0, f32))
attempt("bfloat16 input, float64 weight", lambda: F.batch_norm(x.bfloat16(), f32 * 0, f32, f64))
attempt("running_mean float32 first", lambda: F.batch_norm(x, f32 * 0, f64))
attempt("weight float64, running_mean float32", lambda: F.batch_norm(x, f32 * 0, f32, f64))
attempt("float32 input, float64 weight", lambda: F.batch_norm(x.float(), None, None, f64,
                                                               training=True))
attempt("long input", lambda: F.batch_norm(x.long(), f32 * 0, f32))
attempt("bool input", lambda: F.batch_norm(x.bool(), f32 * 0, f32))
attempt("empty batch", lambda: F.batch_norm(x[:0], f32 * 0, f32))
attempt("group_norm float32 params", lambda: F.group_norm(x, 1, f32, f32))
attempt("group_norm half input", lambda: F.group_norm(x.half(), 1, f32, f32))
attempt("group_norm weight float64, bias float32", lambda: F.group_norm(x, 1, f64, f32))
attempt("group_norm long input", lambda: F.group_norm(x.long(), 1, f32, f32))
attempt("instance_norm float32 params", lambda: F.instance_norm(x, weight=f32, bias=f32))
attempt("instance_norm float32 stats", lambda: F.instance_norm(x, f32 * 0, f32))
attempt("instance_norm float32 stats, eval", lambda: F.instance_norm(x, f32 * 0, f32,
                                                                     use_input_stats=False))
attempt("instance_norm float32 weight", lambda: F.instance_norm(x, f64 * 0, f64, f32))
attempt("instance_norm long input", lambda: F.instance_norm(x.long()))
attempt("layer_norm float32 weight", lambda: F.layer_norm(x, (3,), torch.ones(3)))
