# Fuzz seed 5: the TypeError for a number where only a Tensor is taken names the function as
# called (arctan2, not atan2) and counts positions as PyTorch does: the method's argument
# after self is position 1, the function's is position 2.
import torch

x = torch.tensor([0.5, -1.0])
calls = ('x.heaviside(0.25)', 'torch.heaviside(x, 0.25)', 'x.heaviside_(0.25)',
         'torch.heaviside(1.0, x)', 'x.ldexp(3)', 'torch.ldexp(x, 3)', 'x.ldexp_(3)',
         'x.logaddexp2(3.0)', 'torch.logaddexp2(x, 3.0)', 'x.arctan2(True)',
         'torch.arctan2(x, True)', 'x.arctan2_(True)', 'torch.arctan2(1.0, x)', 'x.atan2(True)',
         'torch.atan2(x, True)', 'x.atan2_(True)', 'x.nextafter(2.0)', 'torch.nextafter(x, 2.0)',
         'x.nextafter_(2.0)', 'x.logaddexp(2.0)', 'x.hypot(2.0)')
for call in calls:
    try:
        eval(call)
        print(call, 'ok')
    except TypeError as error:
        print(call, 'TypeError', error)
print(torch.arctan2(x, x.flip(0)), x.arctan2(x), x.heaviside(x), x.ldexp(torch.tensor(2)))
