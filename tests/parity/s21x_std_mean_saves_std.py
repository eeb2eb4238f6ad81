# std_mean's node saves its std output (``result0``) as PyTorch's does: an in-place write to
# the std makes every backward through the node fail, the mean's too, before any hook of the
# node runs. The saved std is the one backward uses (values and double backward).
import torch


def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except RuntimeError as error:
        print(label, "raised", str(error).split(". Hint")[0])


x = torch.tensor([-2.0, -2.0, 1.0, 0.25], requires_grad=True)
std, mean = torch.std_mean(x)
print(std, mean, std.grad_fn._saved_result0, std.grad_fn._saved_self)
std.addcmul_(torch.tensor(1.5), mean)
calls = []
std.grad_fn.next_functions[0][0].register_hook(lambda gi, go: calls.append(len(gi)))
attempt("mean after addcmul_", lambda: mean.backward(create_graph=True))
print("hook calls", calls, x.grad)

empty = torch.zeros((0, 5, 1)).requires_grad_()
std, mean = torch.std_mean(empty)
std.clamp_(max=0.5)
attempt("empty mean after clamp_", lambda: torch.where(torch.tensor(True), mean,
                                                       torch.tensor(True)).backward())

for dim, keepdim, correction in ((None, False, 1), (1, False, 1), (0, True, 0), ((0, 1), True, 2)):
    y = torch.tensor([[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]], dtype=torch.float64,
                     requires_grad=True)
    std, mean = torch.std_mean(y, dim, keepdim=keepdim, correction=correction)
    (gy,) = torch.autograd.grad((std * 3 + mean).sum(), y, create_graph=True)
    weights = torch.arange(6.0, dtype=torch.float64).reshape(2, 3)
    print(dim, keepdim, correction, gy, torch.autograd.grad((gy * weights).sum(), y))

z = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
std, mean = torch.std_mean(z)
mean.mul_(2)  # the mean is not saved: the std's backward still works
attempt("std after mean.mul_", lambda: std.backward())
print(z.grad)
std, mean = torch.var_mean(z)
std.mul_(2)  # var_mean saves only its input
attempt("var_mean mean after var.mul_", lambda: mean.backward())
