# heaviside / heaviside_: PyTorch's NotImplemented node has edges only for the inputs that
# require grad (through a view, CopySlices then keeps only the base's edge), and it runs
# as soon as it is ready: the error comes before a hook on another branch fires.
import torch

x = torch.tensor([1., 0., -1.], requires_grad=True)
z = x * 3
z.register_hook(lambda g: print('hook z'))
try:
    (torch.heaviside(x, torch.tensor([0.5])).sum() + z.sum()).backward()
except RuntimeError as e:
    print(e)
for rx, rv in [(True, False), (False, True), (True, True)]:
    x = torch.tensor([1., 0., -1.], requires_grad=rx)
    v = torch.tensor([0.5], requires_grad=rv)
    y = torch.heaviside(x, v)
    print(y, [(f.name() if f else None, n) for f, n in y.grad_fn.next_functions])
    base = torch.tensor([[0.0], [1.25]])
    if rx:
        base.requires_grad_()
        base = base * 1
    r = base[0].heaviside_(v)
    print(r, r.grad_fn.name(), [(f.name() if f else None, n)
                                for f, n in r.grad_fn.next_functions[0][0].next_functions])
