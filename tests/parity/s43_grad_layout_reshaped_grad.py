# The gradient layout contract warning when a .grad was reshaped in place (unsqueeze_): dim i
# against the leaf's dim i, dims of size 1 skipped, so a 0-d leaf's [1] gradient passes (58:7541).
import torch
import warnings

torch.set_warn_always(True)  # (PyTorch warns once per process otherwise)
for shape, op in [((), lambda g: g.unsqueeze_(0)), ((), lambda g: g.unsqueeze_(0).unsqueeze_(0)), ((2,), lambda g: g.unsqueeze_(0)), ((2,), lambda g: g.unsqueeze_(1)), ((2, 1), lambda g: g.squeeze_(1)), ((1, 2), lambda g: g.squeeze_(0)), ((3,), lambda g: g.unsqueeze_(-1))]:
    for cg in (False, True):
        v = torch.zeros(shape, requires_grad=True)
        (v * 2).sum().backward()
        op(v.grad)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            try:
                (v * 2).sum().backward(create_graph=cg)
            except RuntimeError as error:
                print(shape, "raised", error)
                continue
        print(shape, tuple(v.grad.shape), cg, [str(x.message).split("\n")[1] for x in w if "layout" in str(x.message)])
