# F.group_norm in float32 rounds as PyTorch's CPU kernel where that shows: the group
# statistics by Welford's update over 8-lane vectors and the leftover elements, rstd in
# double, and the affine part as fused multiply-adds (x * scale + (beta - scale * mean)).
# Groups of equal values (variance 0, rstd 316) or far from 0 show the last roundings (bit
# for bit: float.hex, beyond the runner's tolerance); an infinity makes its group's mean NaN.
# Other groups agree to rounding (printed as numbers).
import torch

F = torch.nn.functional


def bits(t):
    return " ".join(float(v).hex() for v in t.flatten().tolist())


print(bits(F.group_norm(torch.tensor([[1.75, -0.5], [1.5, -0.5]]), 2,
                        weight=torch.tensor([2.0, 1.75]))))
print(bits(F.group_norm(torch.tensor([[1.75, 0.5], [0.5, -0.75]]), 2,
                        bias=torch.tensor([-0.076, 0.481]))))
x = torch.tensor([[[1.5, 1.5, 1.5], [0.3, 0.3, 0.3]], [[-0.7, -0.7, -0.7], [2.1, 2.1, 2.1]]])
print(bits(F.group_norm(x, 2, torch.tensor([1.25, -0.75]), torch.tensor([0.1, 0.2]))))
print(F.group_norm(x, 1).tolist())  # (|mean| / std 1.5: rounding-level differences)
state = 7
values = []
for _ in range(2 * 4 * 27):
    state = (state * 1103515245 + 12345) % 2**31
    values.append((state % 2001 - 1000) / 337.0)
x = torch.tensor(values).reshape(2, 4, 27)
for groups in (1, 2, 4):
    for shift in (0.0, 40.0):  # (shifted: every group far from 0)
        show = bits if shift else (lambda t: t.tolist())
        print(groups, show(F.group_norm(x + shift, groups, torch.linspace(-1.5, 2.0, 4),
                                        torch.linspace(0.3, -0.4, 4))[1, 3]))
        print(show(F.group_norm(x + shift, groups)[0, 0]))
        print(show(F.group_norm(x + shift, groups, bias=torch.linspace(0.3, -0.4, 4))[1, 2]))
x = torch.tensor([[1.0, 2.0, float("inf"), 0.5], [1.0, 2.0, 3.0, 0.5]])
print(F.group_norm(x, 2, torch.ones(4), torch.zeros(4)).tolist())
