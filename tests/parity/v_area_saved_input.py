# interpolate(mode='area') records PyTorch's adaptive average pooling nodes, which save their
# input: a second backward without retain_graph raises, for 3 spatial dims too.
import torch
F = torch.nn.functional
v5 = torch.tensor([[[[[1.011], [-1.914], [-0.792]]]]], requires_grad=True)
for size, x in ((2, v5), (2, v5[0]), (2, v5[0, 0]), ((2, 3), torch.ones(1, 1, 3, 3, requires_grad=True))):
    v6 = F.interpolate(x, mode='area', size=size)
    print(v6.grad_fn.name(), [f.name() if f else None for f, _ in v6.grad_fn.next_functions])
    v6.sum().backward()
    try:
        v6.sum().backward()
        print("no raise")
    except RuntimeError as e:
        print(str(e)[:40])
