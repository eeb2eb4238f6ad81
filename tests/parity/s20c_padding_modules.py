# nn's padding layers (Reflection/Replication/Circular/Constant/ZeroPad 1d-3d) over F.pad, which
# hookgrad lacked: PyTorch code using them ran into AttributeError. Reprs, padding tuples,
# the circular layers' own rank check, results and gradients.
import torch

nn = torch.nn
x1 = torch.arange(6.).reshape(1, 2, 3).requires_grad_()
x2 = torch.arange(18.).reshape(1, 2, 3, 3).requires_grad_()
x3 = torch.arange(54.).reshape(1, 2, 3, 3, 3).requires_grad_()
CASES = [(nn.ReflectionPad1d, 2, x1), (nn.ReflectionPad1d, (1, 2), x1),
         (nn.ReplicationPad1d, [3, 1], x1), (nn.CircularPad1d, 1, x1),
         (nn.ConstantPad1d, (2, 3.5), x1), (nn.ZeroPad1d, (1, 0), x1),
         (nn.ReflectionPad2d, 1, x2), (nn.ReplicationPad2d, (1, 0, 2, 1), x2),
         (nn.CircularPad2d, 1, x2), (nn.ConstantPad2d, (1, -1.5), x2),
         (nn.ZeroPad2d, (0, 1, 1, 0), x2), (nn.ReflectionPad3d, 1, x3),
         (nn.ReplicationPad3d, (1, 0, 0, 1, 1, 0), x3), (nn.CircularPad3d, 1, x3),
         (nn.ConstantPad3d, (1, 2), x3), (nn.ZeroPad3d, 1, x3), (nn.CircularPad2d, 1, x1),
         (nn.CircularPad1d, 1, x3), (nn.ReflectionPad2d, 3, x2),
         (nn.ReplicationPad1d, 1, torch.zeros(1, 0, 2))]
for cls, arg, x in CASES:
    m = cls(*arg) if cls.__name__.startswith("Constant") else cls(arg)
    print(m, m.padding, isinstance(m, nn.ConstantPad2d), isinstance(m, nn.Module))
    try:
        y = m(x)
        print(" ", tuple(y.shape), y.grad_fn.name(), y.sum().item())
        if x.requires_grad:
            (g,) = torch.autograd.grad((y * y).sum(), x)
            print("  grad", g.flatten()[:6].tolist())
    except Exception as error:
        print("  raised", type(error).__name__, error)
print(nn.ZeroPad2d(1).value, nn.ConstantPad2d(1, 2).value, nn.ReflectionPad2d(1).state_dict())
