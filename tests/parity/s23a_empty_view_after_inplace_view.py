# An empty view of a tensor that changed shape in place (squeeze_, unsqueeze_, t_, transpose_,
# swapdims_) has PyTorch's strides and storage offset, and prints: its chain starts with the
# base's in-place view ops, which the base's current shape already has (fuzz 21:7990:
# vector_norm, squeeze_, narrow to 0 columns raised IndexError).
import torch

inplace = {
    "squeeze_2": lambda t: t.squeeze_(2), "squeeze_": lambda t: t.squeeze_(),
    "unsqueeze_0": lambda t: t.unsqueeze_(0), "unsqueeze_-1": lambda t: t.unsqueeze_(-1),
    "t_": lambda t: t.squeeze_().select(0, 0).t_(), "transpose_": lambda t: t.transpose_(1, 3),
    "swapdims_": lambda t: t.swapdims_(0, 1),
    "squeeze_transpose_": lambda t: t.squeeze_(2).transpose_(0, 2),
}
empties = {
    "narrow0": lambda t: t.narrow(-1, 1, 0), "slice0": lambda t: t[1:1],
    "slicestep": lambda t: t[..., 2:1:2], "narrow_end": lambda t: t.narrow(0, t.shape[0], 0),
    "select_slice": lambda t: t.select(0, -1)[..., 1:1],
    "slice_transpose": lambda t: t[..., 1:1].transpose(0, -1),
    "slice_unsqueeze": lambda t: t[..., :0].unsqueeze(1),
}
for requires_grad in (False, True):
    for through_view in (False, True):
        for iname, in_place in inplace.items():
            for ename, empty in empties.items():
                b = torch.arange(24.0).reshape(2, 3, 1, 4)
                if requires_grad:
                    b = b + torch.zeros(b.shape, requires_grad=True)
                out = empty(in_place(b[:, :] if through_view else b))
                print(requires_grad, through_view, iname, ename, tuple(out.shape), out.stride(),
                      out.storage_offset(), out)

v0 = torch.tensor([[[[1.25], [-0.25]], [[1.5], [0.25]], [[0.75], [0.0]]]], dtype=torch.float64,
                  requires_grad=True)
v2 = torch.linalg.vector_norm(v0, dim=2).squeeze_((0,))
v3 = torch.narrow(v2, 1, 1, 0)
print(v3, v3.stride(), v3.storage_offset())
