# The rest of PyTorch's in-place family: values written into the tensor and its views, node
# names (AcoshBackward1, EqBackward0, LtBackward1, ...), in-place logical ops that record
# nothing, and PyTorch's errors when the result dtype cannot be written back.
import torch
x = torch.tensor([[0.5, -1.5, 2.25], [1.0, -0.25, 3.0]], requires_grad=True)
for name, args in [('floor_', ()), ('round_', ()), ('sign_', ()), ('reciprocal_', ()),
                   ('clamp_min_', (0.3,)), ('clamp_max_', (1.0,)), ('erfc_', ()), ('lgamma_', ()),
                   ('acosh_', ()), ('eq_', (1.0,)), ('lt_', (torch.ones(3),)), ('tril_', ()),
                   ('nan_to_num_', ()), ('fmod_', (0.75,)), ('copysign_', (-1.0,))]:
    y = x * 1
    view = y[0]
    r = getattr(y, name)(*args)
    print(name, r is y, r, r.grad_fn.name(), view, view.grad_fn.name())
y = x * 1
y.logical_not_()
print(y, y.grad_fn.name(), y._version)
x.clone().logical_and_(torch.tensor([True, False, True]))
y = (x * 1).asinh_()
try:
    y.sum().backward()
except NotImplementedError as e:
    print(e)
i = torch.tensor([1, -2, 3])
for call in ['i.clone().sqrt_()', 'i.clone().clamp_min_(0.5)', 'i.clone().clamp_(0.5, 2.5)',
             'i.clone().float_power_(2)', 'i.clone().ldexp_(torch.tensor([1., 2., 3.]))',
             'i.clone().true_divide_(2)', 'x.clone().atan2_(0.5)', 'x.floor_()',
             'torch.tensor([1., 2.]).bitwise_not_()']:
    try:
        print(call, eval(call))
    except (RuntimeError, TypeError, NotImplementedError) as e:
        print(call, type(e).__name__, e)
print(i.clone().floor_divide_(2), i.clone().remainder_(2), i.clone().bitwise_left_shift_(2),
      i.clone() << 1, i.clone() >> 1, 1 << torch.tensor([1, 2]))
z = torch.zeros(2, 3)
z.index_put_((torch.tensor([1, 1]),), torch.tensor([1., 2., 3.]), accumulate=True)
z.masked_scatter_(torch.tensor([[True, False, False], [False, False, False]]), torch.tensor([9.]))
print(z)
