"""An infinite incoming gradient through a norm's backward gives NaN gradients, as PyTorch 2.13
gives them (recorded: every element NaN), and no NumPy warning reaches the user (the create_graph
formulas and the plain fallback on arrays)."""
import math
import warnings

import hookgrad as torch

F = torch.nn.functional


def _input():
    return torch.tensor([[[2.309, -1.263, 0.357], [-1.19, -0.765, -0.317]],
                         [[2.265, -2.258, 2.066], [0.983, 1.678, -0.035]]], requires_grad=True)


def _all_nan(t):
    return all(math.isnan(v) for v in t.reshape(-1).tolist())


def test_instance_norm_double_backward_of_an_infinite_gradient_is_nan_without_warnings():
    x, w = _input(), torch.tensor([2.0, 1.25], requires_grad=True)
    out = F.instance_norm(x, weight=w, running_mean=torch.tensor([-1.755, -2.323]),
                          running_var=torch.tensor([1.75, 1.75]))
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        grads = torch.autograd.grad(out.sum(), (x, w), torch.tensor(float("inf")),
                                    create_graph=True)
    assert all(_all_nan(g) for g in grads)


def test_half_layer_norm_plain_backward_of_an_infinite_gradient_is_nan_without_warnings():
    # (a half input takes the formulas on arrays, not the kernels)
    x = _input().detach().half().requires_grad_()
    w = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float16, requires_grad=True)
    out = F.layer_norm(x, (3,), w)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        out.backward(torch.full((2, 2, 3), float("inf"), dtype=torch.float16))
    assert _all_nan(x.grad) and _all_nan(w.grad)
