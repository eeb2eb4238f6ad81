# An elementwise result takes the layout PyTorch's TensorIterator gives it: the first operand
# whose strides tell two dims apart decides (here a transposed first operand against a
# contiguous second), so a later reshape copies (UnsafeViewBackward0) or views through
# _reshape_alias as PyTorch's, and F.linear's fold records the same node.
import torch

F = torch.nn.functional
x = (torch.arange(12.0).reshape(2, 2, 3) / 10 + 0.05).transpose(1, 2).requires_grad_()
y = torch.arange(12.0).reshape(2, 3, 2) / 11 + 0.07
mask = y > 0.5
for name, result in [
        ("sub", x - y), ("mul", x * y), ("div", x / y), ("add", x + y),
        ("atan2", torch.atan2(x, y)), ("maximum", torch.maximum(x, y)),
        ("fmin", torch.fmin(x, y)), ("lt", x < y), ("eq", x == y),
        ("l1_loss", F.l1_loss(x, y, reduction="none")),
        ("addcmul", torch.addcmul(x, y, y)), ("addcdiv", torch.addcdiv(x, y, y, value=-1)),
        ("lerp", torch.lerp(x, y, 0.25)), ("lerp_tensor", torch.lerp(x, y, y)),
        ("where", torch.where(mask, x, y)), ("y_first", y - x),
        ("where_cond_first", torch.where(x > 0.3, y, x)), ("pow", x ** y),
        ("fmod", torch.fmod(x, y)), ("remainder", x % y), ("xlogy", torch.xlogy(x, y)),
        ("hypot", torch.hypot(x, y)), ("copysign", torch.copysign(x, y)),
        ("logaddexp2", torch.logaddexp2(x, y)), ("ldexp", torch.ldexp(x, y)),
        ("div_floor", torch.div(x, y, rounding_mode="floor")),
        ("mse_loss", F.mse_loss(x, y, reduction="none")),
        ("smooth_l1_loss", F.smooth_l1_loss(x, y, reduction="none")),
        ("huber_loss", F.huber_loss(x, y, reduction="none")),
        ("soft_margin_loss", F.soft_margin_loss(x, y, reduction="none")),
        ("clamp tensor", torch.clamp(x, min=y)), ("clamp both", torch.clamp(x, y * 0.5, y)),
        ("heaviside", torch.heaviside(x.detach(), y)), ("isclose", torch.isclose(x, y))]:
    print(name, result.stride(), result.is_contiguous())

w = torch.tensor([[0.75, -1.25]], requires_grad=True)
v1 = torch.einsum("...ij->...ji", torch.arange(12.0).reshape(2, 2, 3).requires_grad_())
out = F.linear(F.l1_loss(v1, torch.ones(2, 3, 2), reduction="none"), w)
mm = out.grad_fn.next_functions[0][0]
print(out.grad_fn.name(), mm.name(), [n.name() for n, _ in mm.next_functions])
v5 = torch.arange(27.0).reshape(3, 3, 3).movedim(0, 2)
v7 = torch.addcdiv(v5, torch.ones(3, 3, 3), torch.full((3, 3), 2.0, requires_grad=True), value=-1)
out = F.linear(v7, torch.tensor([[-1.0, 0.0, 1.25]], requires_grad=True))
mm = out.grad_fn.next_functions[0][0]
print(out.grad_fn.name(), mm.name(), [n.name() for n, _ in mm.next_functions])
print((x * y).reshape(-1).grad_fn.name(), (x - y).reshape(2, 6).grad_fn.name())
