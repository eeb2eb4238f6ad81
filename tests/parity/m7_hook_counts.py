# Spec 7.5 / 1.6 + upstream TestModuleHookNN.test_hooks: forward hooks count per call,
# full backward hooks once per module call per backward (again with retain_graph), hooks
# added later only apply to later forwards, removal; grad values seen by the hook for
# Sigmoid; gradients identical with and without hooks.
import torch
import torch.nn as nn

module = nn.Sigmoid()
inp = torch.ones(5, 5, requires_grad=True)
counter = {'forwards': 0, 'backwards': 0}
seen = []


def fw_hook(inc, h_module, args, output):
    counter['forwards'] += inc


def bw_hook(inc, h_module, grad_input, grad_output):
    counter['backwards'] += inc
    seen.append((grad_output[0][0, 0].item(), round(grad_input[0][0, 0].item(), 6)))


test_fwd = module.register_forward_hook(lambda *args: fw_hook(1, *args))
module(inp)
module(inp)
print(counter)
test_bwd = module.register_full_backward_hook(lambda *args: bw_hook(1, *args))
output = module(inp)
print(counter)
output.backward(torch.ones(5, 5) * 2, retain_graph=True)
print(counter)
output.backward(torch.ones(5, 5) * 2, retain_graph=False)
print(counter)
test2_fwd = module.register_forward_hook(lambda *args: fw_hook(2, *args))
output = module(inp)
print(counter)
test2_bwd = module.register_full_backward_hook(lambda *args: bw_hook(2, *args))
module(inp).backward(torch.ones(5, 5) * 2)
print(counter)
test2_bwd.remove()
module(inp).backward(torch.ones(5, 5) * 2)
print(counter)
test2_fwd.remove()
module(inp).backward(torch.ones(5, 5) * 2)
print(counter)
test_fwd.remove()
test_bwd.remove()
module(inp).backward(torch.ones(5, 5) * 2)
print(counter)
print('seen', seen[:2])

inp.grad = None
module(inp).sum().backward()
plain = inp.grad.clone()
inp.grad = None
module.register_full_backward_hook(lambda *a: None)
module.register_full_backward_pre_hook(lambda *a: None)
module(inp).sum().backward()
print('same gradient with hooks', torch.equal(plain, inp.grad))
