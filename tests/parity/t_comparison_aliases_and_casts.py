# Aliases and small conveniences: greater / less / greater_equal / less_equal / not_equal,
# short / char / byte casts, itemsize and nbytes, fliplr / flipud (and their dimension
# errors), absolute, argwhere.
import torch
x = torch.tensor([[1., -2., 3.], [0., 5., -6.]], requires_grad=True)
print(x.greater(0), torch.less(x, 1), x.greater_equal(3), torch.less_equal(x, 0), torch.not_equal(x, 5))
print(x.short(), x.char(), x.abs().byte(), x.itemsize, x.nbytes, x.double().itemsize)
print(x.fliplr(), torch.flipud(x), x.absolute(), torch.absolute(x), x.argwhere(), torch.argwhere(x > 0))
print(x.fliplr().grad_fn.name(), torch.flipud(x).grad_fn.name(), torch.absolute(x).grad_fn.name())
try: torch.ones(3).fliplr()
except RuntimeError as e: print("RuntimeError", e)
