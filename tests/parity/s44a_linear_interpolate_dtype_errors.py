# Integer, bool and complex inputs to (bi/tri)linear interpolate: PyTorch has no loop for them
# (but bilinear uint8) and names the kernel it would run: the channels-last one (bilinear with
# a small output or a channels-last input of > 3 channels; trilinear channels-last, > 3
# channels), else compute_indices_weights_linear.
import torch
F = torch.nn.functional
for shape, size, mode in (((1,1,3), 5, "linear"), ((1,1,3,3), (5,5), "bilinear"), ((1,1,3,3), (5,200), "bilinear"), ((1,1,3,3,3), (5,5,5), "trilinear"), ((1,4,3,3,3), (5,5,5), "trilinear")):
    for dt in (torch.int64, torch.int32, torch.uint8, torch.int8, torch.bool, torch.complex64):
        try:
            x = torch.ones(*shape, dtype=dt)
            r = F.interpolate(x, size=size, mode=mode); print(mode, dt, "ok", r.dtype)
        except Exception as e:
            print(mode, dt, type(e).__name__, str(e)[:100])
    try:
        x = torch.ones(*shape, dtype=torch.int64).contiguous(memory_format=torch.channels_last_3d if len(shape)==5 else torch.channels_last) if len(shape) > 3 else None
        if x is not None: F.interpolate(x, size=size, mode=mode)
    except Exception as e:
        print(" CL", mode, type(e).__name__, str(e)[:100])
