# Fuzz seed 1 (g1): the in-place forms of atan2/hypot/nextafter/heaviside refuse an operand
# that overlaps the written tensor, as PyTorch's elementwise kernels do (before the shape
# check); ldexp_ (a mul_ of a power) checks no overlap of its own.
import torch

for op in ["nextafter_", "atan2_", "arctan2_", "hypot_", "ldexp_", "heaviside_"]:
    for grad in (False, True):
        base = torch.tensor([1.981, -1.314, 3.0], requires_grad=grad).clone()
        try:
            getattr(base[0], op)(base[:2])
            print(op, grad, "whole", base)
        except Exception as err:
            print(op, grad, "whole", type(err).__name__, err)
        try:
            getattr(base[:2], op)(base[1:])
            print(op, grad, "partial", base)
        except Exception as err:
            print(op, grad, "partial", type(err).__name__, err)
        try:
            getattr(base[:1], op)(base[1:2])
            print(op, grad, "disjoint", base)
        except Exception as err:
            print(op, grad, "disjoint", type(err).__name__, err)
