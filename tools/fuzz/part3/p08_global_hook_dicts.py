"""Reassigning a global hook dict of torch.nn.modules.module (as test suites do) clears it."""
import collections

from _lib import linear, nn, torch

module = torch.nn.modules.module
calls = []
register = [("_global_forward_pre_hooks", module.register_module_forward_pre_hook,
             lambda m, i: calls.append("forward_pre")),
            ("_global_forward_hooks", module.register_module_forward_hook,
             lambda m, i, o: calls.append("forward")),
            ("_global_backward_pre_hooks", module.register_module_full_backward_pre_hook,
             lambda m, g: calls.append("backward_pre")),
            ("_global_backward_hooks", module.register_module_full_backward_hook,
             lambda m, gi, go: calls.append("backward")),
            ("_global_buffer_registration_hooks", module.register_module_buffer_registration_hook,
             lambda m, n, b: calls.append("buffer")),
            ("_global_module_registration_hooks", module.register_module_module_registration_hook,
             lambda m, n, s: calls.append("module")),
            ("_global_parameter_registration_hooks",
             module.register_module_parameter_registration_hook,
             lambda m, n, p: calls.append("parameter"))]
for name, fn, hook in register:
    fn(hook)
    setattr(module, name, collections.OrderedDict())
module.register_module_forward_hook(lambda m, i, o: calls.append("always"), always_call=True)
module._global_forward_hooks = collections.OrderedDict()
module._global_forward_hooks_always_called = collections.OrderedDict()
layer = linear([[1.0, 2.0]], [0.0])
layer(torch.tensor([[1.0, 1.0]], requires_grad=True)).sum().backward()
layer.register_buffer("b", torch.zeros(1))
layer.add_module("child", nn.Identity())
layer.register_parameter("p", nn.Parameter(torch.zeros(1)))
print("calls after clearing every dict", calls)
