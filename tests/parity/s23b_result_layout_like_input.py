# Ops that allocate their result as empty_like(input) (nan_to_num, hardtanh / relu6, clone,
# to(dtype)) keep a dense input's strides, a transposed column's (1, 1) included (fuzz
# 19:18463); TensorIterator's one-input ops (threshold, i0) follow a non-contiguous input's
# stride order; rrelu and number ** tensor are C-contiguous whatever the input's layout.
import torch

F = torch.nn.functional
base = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4).mul(0.37).sub(3)
inputs = {"column.t()": torch.tensor([[1.5], [-0.5]]).t(), "t": base[0].t(),
          "permute": base.permute(2, 0, 1), "slice": base[:, :, ::2],
          "permute+slice": base.permute(1, 2, 0)[:, ::2]}
ops = {"nan_to_num": lambda x: x.nan_to_num(),
       "nan_to_num(args)": lambda x: torch.nan_to_num(x, nan=0.0, posinf=1.0),
       "hardtanh": F.hardtanh, "relu6": F.relu6, "clone": lambda x: x.clone(),
       "double": lambda x: x.double(), "threshold": lambda x: F.threshold(x, 0.1, 2.0),
       "i0": torch.i0, "rrelu": lambda x: F.rrelu(x, training=False),
       "2 ** x": lambda x: 2 ** x, "contiguous clone": lambda x: x.clone(
           memory_format=torch.contiguous_format)}
for name, op in ops.items():
    for kind, x in inputs.items():
        y = op(x)
        print(name, kind, tuple(y.shape), y.stride(), y.is_contiguous())
# one-input TensorIterator ops computed by VML (exp, sin, arccos, ...) of an expanded input
# are C-contiguous (fuzz 22:257), of a permuted one dense in its stride order
unit = base.abs().clamp(0.1, 0.9)
for name in ("exp", "sin", "arccos", "sqrt", "tanh", "erf", "log"):
    for kind, x in (("expand", unit[0].expand(2, 3, 4)), ("permute", unit.permute(2, 0, 1)),
                    ("permute+slice", unit.permute(1, 2, 0)[:, ::2])):
        y = getattr(x, name)()
        print(name, kind, x.stride(), y.stride(), y.is_contiguous())
