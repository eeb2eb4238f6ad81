# A view made while its base had history, after the base is detached in place and written
# in place: its grad_fn is regenerated (AsStridedBackward0) with an edge that leads nowhere,
# so backward from it gives no gradient and no version error (fuzz 17:8697).
import torch

F = torch.nn.functional

for write in (True, False):
    v0 = torch.tensor([0.819, -0.323], requires_grad=True)
    v3 = F.softmax(v0 * 1, 0)
    v4 = v3[0:1]
    v5 = v3[1:]
    v3.detach_()
    if write:
        v3.logit_()
    print(write, v4, v4.requires_grad, v4.grad_fn.name(),
          [None if f is None else f.name() for f, _ in v4.grad_fn.next_functions])
    try:
        v4.backward(retain_graph=True)
        print("grad", v0.grad)
    except RuntimeError as error:
        print("RuntimeError", str(error)[:90])
    v5.sum().backward()
    print("grad after v5", v0.grad)
