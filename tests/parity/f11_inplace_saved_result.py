# Issue 11 (fuzz): an in-place op whose node saves its result (relu_, exp_, sigmoid_, pow_,
# and leaky_relu_/elu_/selu_/celu_, which save the result, not the input) fails the version
# check when the tensor is changed in place again; the in-place activations' gradients and double
# backward come from the saved result.
import torch

F = torch.nn.functional


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)


x = torch.tensor([-1.5, -0.2, 0.0, 0.3, 2.0], dtype=torch.float64, requires_grad=True)


def relu_then_addcmul():
    a = F.relu(x * 1, inplace=True)
    a.addcmul_(x, x)
    a.sum().backward()
    return x.grad


def exp_then_add():
    a = (x * 1).exp_()
    a.add_(1)
    return torch.autograd.grad(a.sum(), x)


def pow_then_mul():
    a = (x * 1).pow_(2)
    a.mul_(3)
    return torch.autograd.grad(a.sum(), x)


def celu_then_elu():
    v0 = torch.tensor(2.5, dtype=torch.float64, requires_grad=True)
    v1 = torch.log2(v0)
    F.celu(v1, inplace=True)
    F.elu(v1, inplace=True)
    v1.backward(create_graph=True)
    return v0.grad


def changed_without_grad():
    a = (x * 1).exp_()
    with torch.no_grad():
        a.add_(1)
    return torch.autograd.grad(a.sum(), x)


def exp_through_view():  # the saved result of an in-place op on a view names the view's node
    base = x * 1
    view = base[:2]
    view.exp_()
    base.add_(1)
    base.sum().backward()
    return x.grad


def selu_through_view_twice():
    base = x * 1
    view = F.selu(base[::2], inplace=True)
    view.unsqueeze(0).cos_()
    (base.sum() + view.sum()).backward(create_graph=True)
    return x.grad


def mul_saves_a_copy():  # the old value an in-place op needs is its own copy: no error
    b = torch.tensor([3.0, 4.0, 5.0, 6.0, 7.0], dtype=torch.float64, requires_grad=True)
    a = x * 1
    a.mul_(b)
    a.add_(1)
    return torch.autograd.grad(a.sum(), (x, b))


for name, case in [("relu_ addcmul_", relu_then_addcmul), ("exp_ add_", exp_then_add),
                   ("pow_ mul_", pow_then_mul), ("celu_ elu_", celu_then_elu),
                   ("no_grad add_", changed_without_grad), ("mul_ add_", mul_saves_a_copy),
                   ("view exp_", exp_through_view), ("view selu_", selu_through_view_twice)]:
    attempt(name, case)

def leaky_relu_then_gt():
    a = F.leaky_relu(F.normalize(x.view(1, 5)), inplace=True)
    a.gt_(-2.0)
    a.sum().backward(create_graph=True)
    return x.grad


def leaky_relu_negative_slope():
    F.leaky_relu(x * 1, -0.5, inplace=True).sum().backward()
    return x.grad


for name, case in [("leaky_relu_ gt_", leaky_relu_then_gt),
                   ("leaky_relu_ negative slope", leaky_relu_negative_slope)]:
    attempt(name, case)

for name, fn in [("leaky_relu", lambda t: F.leaky_relu(t, 0.2, inplace=True)),
                 ("elu", lambda t: F.elu(t, 0.7, inplace=True)),
                 ("selu", lambda t: F.selu(t, inplace=True)),
                 ("celu", lambda t: F.celu(t, 1.3, inplace=True))]:
    y = fn(x * 1)
    print(name, y.grad_fn.name(), y, y.grad_fn._saved_result)
    (g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    print(g, torch.autograd.grad(g.sum(), x))
    y = fn(x * 1)
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(g, g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())
    print(torch.autograd.grad(g.sum(), x))
