# sgn's gradient of a real input is PyTorch's ZeroTensor, and a product with one is one,
# its dtype taken from meta copies of the operands, where a number is a plain 0-d tensor of
# its default dtype: a 0-d float32 ZeroTensor times a float is float64, which the engine
# casts back, so the leaf gets an ordinary zero .grad that a second backward can add to; an
# int factor, or a gradient with dims, keeps the ZeroTensor, and adding to it raises.
import math

import torch

cases = (("* 2.0", lambda v: v * 2.0), ("* 2", lambda v: v * 2), ("* 1", lambda v: v * 1),
         ("rad2deg", torch.rad2deg), ("deg2rad", torch.deg2rad),
         ("* tensor(2.)", lambda v: v * torch.tensor(2.0)), ("/ 3.0", lambda v: v / 3.0),
         ("* pi (float64)", lambda v: v.double() * math.pi))
for shape in ((), (2,)):
    for name, f in cases:
        v0 = torch.full(shape, -1.75, requires_grad=True)
        v0.register_hook(lambda g: print("  hook", g._is_zerotensor(), g.dtype))
        v1 = f(v0)
        v1.sgn_()
        v1.sum().backward(retain_graph=True)
        print(shape, name, v0.grad._is_zerotensor(), v0.grad)
        try:
            v1.sum().backward()
            print("  again", v0.grad)
        except RuntimeError as error:
            print("  again raised", error)
