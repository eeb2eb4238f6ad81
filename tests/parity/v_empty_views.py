# Views of empty tensors are views too (diagonal, unfold, as_strided, ... whose NumPy result
# shares no memory): an in-place op on one goes through CopySlices. index_put_ saves its
# indices as PyTorch's node does, so a second backward without retain_graph raises before
# any hook further down runs.
import torch
x = torch.ones(1, 1, 3)
for name, f in (("diagonal", lambda: x.diagonal(offset=-1)), ("slice", lambda: x[:, :, 3:]),
                ("narrow", lambda: x.narrow(2, 0, 0)), ("view0", lambda: torch.ones(0, 3).view(3, 0)),
                ("select empty", lambda: torch.ones(0, 3)[:, 1]), ("expand", lambda: torch.ones(0, 1).expand(0, 3)),
                ("t", lambda: torch.ones(0, 3).t()), ("unsqueeze", lambda: torch.ones(0).unsqueeze(0)),
                ("split", lambda: torch.ones(0, 3).split(1, 1)[0]), ("reshape", lambda: torch.ones(0, 3).reshape(3, 0)),
                ("flatten", lambda: torch.ones(0, 3).flatten()), ("squeeze", lambda: torch.ones(0, 1).squeeze(1)),
                ("permute", lambda: torch.ones(0, 3, 2).permute(2, 0, 1)), ("unfold", lambda: torch.ones(2, 0).unfold(0, 1, 1)),
                ("as_strided", lambda: torch.ones(3).as_strided((0,), (1,))),
                ("diag_view", lambda: torch.ones(0, 0).diagonal()), ("movedim", lambda: torch.ones(0, 2).movedim(0, 1))):
    y = f()
    print(name, y._is_view(), tuple(y.shape))
v0 = torch.tensor([[[-1.796, 0.672, 0.985]]], requires_grad=True)
v1 = v0.clone()
v4 = v1.diagonal(offset=-1)
v7 = v4.lerp_(torch.tensor(-1.75), 0.25)
print(v7.grad_fn.name(), v1.grad_fn.name())
a = torch.ones(0, 3, 2).transpose(0, 1)
for name, f in (("reshape nc", lambda: a.reshape(3, 0)), ("flatten nc", lambda: a.flatten()),
                ("reshape nc2", lambda: torch.ones(2, 0, 3).transpose(0, 2).reshape(-1)),
                ("contiguous", lambda: a.contiguous()), ("view_as", lambda: torch.ones(0, 2).view_as(torch.ones(2, 0))),
                ("expand_as", lambda: torch.ones(0, 1).expand_as(torch.ones(0, 2))),
                ("mT", lambda: torch.ones(0, 2).mT)):
    y = f()
    print(name, y._is_view(), tuple(y.shape), y.grad_fn)
x = torch.ones(0, 3, 2, requires_grad=True).transpose(0, 1)
print(x.reshape(3, 0).grad_fn.name(), x.flatten().grad_fn.name())
leaf = torch.tensor([[-0.865], [0.458]], requires_grad=True)
scaled = leaf * 1
scaled.register_hook(lambda g: print("hook", g.flatten().tolist()))
out = scaled.index_put_((torch.tensor([1, 0]),), torch.tensor([[1.75], [-1.75]]))
print(out.grad_fn.name())
out.backward(torch.tensor([[0.75], [-1.25]]))
try:
    out.backward(torch.tensor([[0.75], [-1.25]]))
except RuntimeError as e:
    print("RuntimeError", str(e)[:60])
