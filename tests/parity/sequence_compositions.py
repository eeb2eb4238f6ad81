# combinations / vander / unravel_index / trapezoid / trapz / cumulative_trapezoid: values,
# PyTorch's composite graphs (meshgrid + masked_select + stack, CopySlices + cumprod + flip,
# Scalar multiplies and divides), its errors, and vander's own refused backward.
import torch


def nodes(t, depth=4):
    def walk(f, d):
        if f is None:
            return "None"
        if d == 0:
            return f.name()
        return f.name() + "(" + ",".join(walk(g, d - 1) for g, _ in f.next_functions) + ")"

    return walk(t.grad_fn, depth)


x = torch.tensor([1.0, 2.0, 3.0, 0.5], requires_grad=True)
for args in ((), (3,), (3, True), (0,), (5,), (1,)):
    c = torch.combinations(x, *args)
    print(args, c.shape, c.tolist()[:4], c.grad_fn and nodes(c, 2))
c = torch.combinations(x)
c.pow(2).sum().backward()
print(x.grad)
for call in (
    lambda: torch.combinations(x.view(2, 2)),
    lambda: torch.combinations(x, -1),
    lambda: torch.vander(x.view(2, 2)),
    lambda: torch.vander(x, -1),
    lambda: torch.unravel_index(torch.tensor([1.0]), (2,)),
    lambda: torch.unravel_index(torch.tensor([1]), (2, -1)),
    lambda: torch.trapezoid(torch.ones(3), torch.ones(2)),
):
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
for args in ((), (2,), (6,), (0,), (1,)):
    v = torch.vander(x, *args)
    print(v, v.grad_fn and nodes(v, 3))
v = torch.vander(x, increasing=True)
try:
    v.sum().backward()
except RuntimeError as e:
    print("RuntimeError", str(e)[:150])
print(
    torch.vander(torch.tensor([1, 2, 3])),
    torch.vander(torch.tensor([1, 2], dtype=torch.int32)).dtype,
)
print(
    torch.unravel_index(torch.tensor([4, 7, 11]), (3, 4)), torch.unravel_index(torch.tensor(5), 7)
)
print(torch.unravel_index(torch.tensor([[1234], [5678]]), (10, 10, 10, 10)))
y = torch.tensor([[1.0, 2.0, 4.0], [0.5, 3.0, -1.0]], requires_grad=True)
xs = torch.tensor([0.0, 1.0, 3.0])
for call in (
    lambda: torch.trapezoid(y),
    lambda: torch.trapezoid(y, dx=0.5),
    lambda: torch.trapezoid(y, xs),
    lambda: torch.trapezoid(y, dim=0),
    lambda: torch.trapz(y, xs),
    lambda: torch.trapezoid(y, 2.0),
    lambda: torch.cumulative_trapezoid(y),
    lambda: torch.cumulative_trapezoid(y, xs),
    lambda: torch.cumulative_trapezoid(y, dx=3.0, dim=0),
    lambda: torch.trapezoid(torch.tensor([1, 2, 3])),
    lambda: torch.trapezoid(torch.tensor([])),
    lambda: torch.cumulative_trapezoid(torch.tensor([1.0])),
    lambda: torch.cumulative_trapezoid(y, 2.0),
):
    try:
        t = call()
        print(t, t.grad_fn and nodes(t, 5))
    except Exception as e:
        print(type(e).__name__, e)
