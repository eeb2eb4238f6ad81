# Issue 11 (fuzz): gcd/lcm and their in-place forms name themselves and count 'other' as the
# method's first argument; the argument is checked before the leaf check; an in-place op
# whose result cannot be written into self refuses the shape before the dtype.
import torch

a = torch.tensor([4, 6])
f = torch.tensor([4.0, 6.0], requires_grad=True)
cases = [
    ("method", lambda: a.gcd(3)),
    ("method in place", lambda: a.gcd_(3)),
    ("function", lambda: torch.gcd(a, 3)),
    ("lcm_", lambda: a.lcm_(3)),
    ("lcm", lambda: a.lcm(3)),
    ("lcm function", lambda: torch.lcm(a, 2.0)),
    ("gcd_ works", lambda: a.clone().gcd_(torch.tensor([6, 4]))),
    ("lcm_ works", lambda: a.clone().lcm_(torch.tensor(3))),
    ("shape", lambda: torch.tensor(4).lcm_(a)),
    ("shape float", lambda: torch.tensor(4.0).lcm_(torch.tensor([1.0, 2.0]))),
    ("leaf", lambda: f.lcm_(3)),
    ("leaf tensor", lambda: f.gcd_(a)),
    ("float gcd_", lambda: torch.tensor([4.0]).gcd_(a)),
    ("float gcd_ same shape", lambda: torch.tensor([4.0, 1.0]).gcd_(a)),
    ("shift", lambda: torch.tensor(4.0).bitwise_left_shift_(torch.tensor([1.0, 2.0]))),
    ("right shift", lambda: torch.tensor(4.0).bitwise_right_shift_(torch.tensor([1.0, 2.0]))),
    ("and", lambda: torch.tensor([4.0]).bitwise_and_(torch.tensor([[1.0, 2.0]]))),
    ("pow bool", lambda: torch.tensor([True]).pow_(torch.tensor([[True, False]]))),
    ("pow bool same shape", lambda: torch.tensor([True, True]).pow_(torch.tensor([True, False]))),
]
for label, run in cases:
    try:
        print(label, run())
    except Exception as error:
        print(label, type(error).__name__, error)
