# batch_norm's kernel dtype checks come after its node saves input, running_mean, running_var and
# weight: the pack hooks see them before the mixed-dtype error (fuzz 59:18954).
import torch
def pack(t):
    print("pack", tuple(t.shape), t.dtype, t.grad_fn.name() if t.grad_fn else None)
    return t
for track in (True, False):
    for training in (True, False):
        bn = torch.nn.BatchNorm1d(2, track_running_stats=track)
        bn.train(training)
        x = torch.tensor([[0.5, 1.75], [-1.0, 0.25], [-0.5, -0.25]], dtype=torch.float64, requires_grad=True)
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            try:
                bn(x)
            except RuntimeError as e:
                print(track, training, "raised", e)
        x32 = x.detach().float().requires_grad_()
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            y = bn(x32)
        print(track, training, "ok", y.grad_fn.name())
