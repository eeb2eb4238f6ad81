# Issue 11 (fuzz 8:15931): PyTorch's AcoshBackward1 / AsinhBackward1 / AtanhBackward1 save no
# tensor, so backward(inputs=[the result]) twice without retain_graph finds nothing freed.
import torch

for name in ["acosh_", "asinh_", "atanh_"]:
    leaf = torch.tensor([2.0, 0.5] if name != "acosh_" else [2.0, 3.0], requires_grad=True)
    y = leaf.clone()
    y = getattr(y, name)()
    print(name, y.grad_fn.name(), [a for a in dir(y.grad_fn) if a.startswith("_saved")])
    z = y + y
    for _ in range(2):
        y.backward(torch.ones(2), inputs=[y])
        print(leaf.grad, y.grad)
    z.sum().backward(inputs=[y])
    print(y.grad)
    try:
        z.sum().backward(inputs=[y])
    except RuntimeError as e:
        print(type(e).__name__, str(e)[:60])
