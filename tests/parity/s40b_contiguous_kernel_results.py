# Results PyTorch's kernels allocate contiguous (or in the format the input suggests), found by
# a differential layout sweep (no fuzz id), where NumPy followed the input's layout: gather
# (always contiguous, whatever the input's or the index's layout), layer_norm (contiguous),
# nanmedian along a dim (contiguous), roll and rms_norm (the input's suggested format:
# channels-last stays, a transposed input gives contiguous; rms_norm's composite ends with
# contiguous(suggested format), a CloneBackward0 where it copies). And layer_norm / rms_norm
# check normalized_shape as PyTorch does: at least one dim, then the parameters' shapes, then
# the input's.
import torch

F = torch.nn.functional
swapped = torch.arange(12.0).reshape(4, 3).t()
turned = torch.arange(24.0).reshape(4, 2, 3).permute(1, 2, 0)
cl = torch.arange(120.0).reshape(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
to_cl = torch.arange(120.0).reshape(2, 4, 5, 3).permute(0, 3, 1, 2)
for name, x in {"transposed": swapped, "permuted": turned, "channels-last": cl,
                "permuted to channels-last": to_cl}.items():
    results = {"gather": x.gather(0, torch.zeros_like(x, dtype=torch.long)),
               "roll": x.roll(1, 1), "roll two dims": x.roll((1, 1), (0, 1)), "roll flat": x.roll(2),
               "layer_norm": F.layer_norm(x, x.shape[-1:]),
               "layer_norm, affine": F.layer_norm(x, x.shape[-2:], torch.ones(x.shape[-2:]),
                                                  torch.zeros(x.shape[-2:])),
               "rms_norm": F.rms_norm(x, x.shape[-1:]),
               "rms_norm, weighted": F.rms_norm(x, x.shape[-1:], torch.ones(x.shape[-1:])),
               "nanmedian": x.nanmedian(1)[0], "nanmedian indices": x.nanmedian(0)[1]}
    for op, r in results.items():
        print(name, op, tuple(r.shape), r.stride())

x = swapped.clone().requires_grad_()
y = F.rms_norm(x, (4,))
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y = F.rms_norm(x.t().contiguous().t(), (4,))
print(y.grad_fn.name())

for call in (lambda: F.layer_norm(torch.tensor(1.0), ()), lambda: F.rms_norm(torch.ones(2, 3), []),
             lambda: F.layer_norm(torch.ones(2, 3), (4,), torch.ones(5)),
             lambda: F.rms_norm(torch.ones(2, 3), (4,), torch.ones(5)),
             lambda: F.layer_norm(torch.ones(2, 3), (4,), None, torch.ones(5))):
    try:
        call()
    except RuntimeError as error:
        print("RuntimeError:", error)
