# torch.__future__'s conversion flags: what Module._apply (to / float / double / half / cpu /
# type) does to the parameter objects, their .grad, buffers, tensor hooks (after a swap they
# fire for the contents they were registered on, not for the module's parameter) and
# versions; and load_state_dict under the swap flag.
import weakref

import torch
import torch.nn as nn

fut = torch.__future__
print('defaults', fut.get_overwrite_module_params_on_conversion(),
      fut.get_swap_module_params_on_conversion())


def layer():
    lin = nn.Linear(2, 1)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1., 2.]]))
        lin.bias.fill_(0.5)
    lin.register_buffer('steps', torch.tensor(3))
    lin.register_buffer('scale', torch.tensor([2.]))
    return lin


CONVERSIONS = [('double', lambda m: m.double()), ('float', lambda m: m.float()),
               ('half', lambda m: m.half()), ('to(float64)', lambda m: m.to(torch.float64)),
               ('to(cpu)', lambda m: m.to('cpu')), ('cpu', lambda m: m.cpu()),
               ('to(dtype=float64)', lambda m: m.to(dtype=torch.float64)),
               ('to(tensor)', lambda m: m.to(torch.zeros(1, dtype=torch.float64))),
               ('type(DoubleTensor)', lambda m: m.type(torch.DoubleTensor))]

for swap, overwrite in ((False, False), (False, True), (True, False), (True, True)):
    fut.set_swap_module_params_on_conversion(swap)
    fut.set_overwrite_module_params_on_conversion(overwrite)
    print(f'swap={swap} overwrite={overwrite}')
    for label, convert in CONVERSIONS:
        lin = layer()
        weight, bias, scale = lin.weight, lin.bias, lin.scale
        weight.grad = torch.ones(1, 2)
        grad = weight.grad
        weight.foo = 'attribute'
        fired = []
        weight.register_hook(lambda g, fired=fired: fired.append('hook'))
        weight.register_post_accumulate_grad_hook(lambda p, fired=fired: fired.append('post'))
        returned = convert(lin)
        print(f'  {label}: returns self {returned is lin}, weight same object '
              f'{lin.weight is weight}, dtype {lin.weight.dtype}, old object dtype '
              f'{weight.dtype}, type {type(lin.weight).__name__}, foo '
              f'{getattr(lin.weight, "foo", None)}, version {lin.weight._version}')
        print(f'    grad same object {lin.weight.grad is grad}, grad dtype '
              f'{lin.weight.grad.dtype}, old grad dtype {grad.dtype}, bias same '
              f'{lin.bias is bias}, buffer same {lin.scale is scale}, buffer dtype '
              f'{lin.scale.dtype}, int buffer {lin.steps.dtype}, requires_grad '
              f'{lin.weight.requires_grad}')
        out = lin(torch.ones(1, 2, dtype=lin.weight.dtype)).sum()
        out.backward()
        print('    after backward grad', lin.weight.grad.tolist(), 'hooks fired', fired)

# an optimizer built before the conversion keeps training the module's parameters
for swap, overwrite in ((False, False), (False, True), (True, False)):
    fut.set_swap_module_params_on_conversion(swap)
    fut.set_overwrite_module_params_on_conversion(overwrite)
    lin = layer()
    opt = torch.optim.SGD(lin.parameters(), lr=0.5)
    lin.double()
    lin(torch.ones(1, 2, dtype=torch.float64)).sum().backward()
    opt.step()
    print(f'optimizer swap={swap} overwrite={overwrite}: weight', lin.weight.tolist(),
          'optimizer param is weight', opt.param_groups[0]['params'][0] is lin.weight)

# swap after forward, before backward: the recorded graph refuses to run
fut.set_swap_module_params_on_conversion(True)
fut.set_overwrite_module_params_on_conversion(False)
lin = layer()
out = lin(torch.ones(1, 2)).sum()
lin.double()
try:
    out.backward()
except RuntimeError as e:
    print('backward after swap:', str(e)[:90])

# load_state_dict with swap: objects stay, values arrive, requires_grad kept
for swap in (False, True):
    fut.set_swap_module_params_on_conversion(swap)
    src, dst = layer(), nn.Linear(2, 1)
    dst.register_buffer('steps', torch.tensor(0))
    dst.register_buffer('scale', torch.tensor([0.]))
    dst.bias.requires_grad_(False)
    objects = (dst.weight, dst.bias, dst.steps, dst.scale)
    print('load swap', swap, dst.load_state_dict(src.state_dict()))
    print('  same objects', [a is b for a, b in zip(objects, (dst.weight, dst.bias, dst.steps,
                                                                dst.scale))],
          dst.weight.tolist(), dst.bias.tolist(), dst.steps.item(), dst.scale.tolist(),
          'requires_grad', dst.weight.requires_grad, dst.bias.requires_grad,
          'types', type(dst.weight).__name__, type(dst.scale).__name__)
    dst2 = layer()
    print('  assign', dst2.load_state_dict(src.state_dict(), assign=True),
          type(dst2.weight).__name__, dst2.weight.requires_grad)
    dst3 = layer()
    try:
        dst3.load_state_dict({'weight': torch.zeros(1, 3), 'bias': torch.zeros(1),
                              'steps': torch.tensor(1), 'scale': torch.ones(1)})
    except RuntimeError as e:
        print('  mismatch', str(e).replace('\n', ' | '))

fut.set_swap_module_params_on_conversion(False)
# utils.swap_tensors itself
a, b = torch.ones(2), torch.zeros(3, dtype=torch.float64)
a.tag = 'a'
torch.utils.swap_tensors(a, b)
print('swapped', a.tolist(), a.dtype, b.tolist(), b.dtype, getattr(b, 'tag', None),
      getattr(a, 'tag', None))
c = torch.ones(1)
ref = weakref.ref(c)
try:
    torch.utils.swap_tensors(c, torch.ones(1))
except RuntimeError as e:
    print('RuntimeError', e)
try:
    torch.utils.swap_tensors(torch.ones(1), c)
except RuntimeError as e:
    print('RuntimeError', e)
