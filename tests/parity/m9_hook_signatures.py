# The signatures of every hook-registration API, as inspect prints them: parameter names,
# defaults, keyword-only markers and PyTorch's type annotations (what IDEs and help() show).
import inspect

import torch
import torch.nn.modules.module as module_module

for name in ['register_step_pre_hook', 'register_step_post_hook', 'register_state_dict_pre_hook',
             'register_state_dict_post_hook', 'register_load_state_dict_pre_hook',
             'register_load_state_dict_post_hook']:
    print('Optimizer.' + name, inspect.signature(getattr(torch.optim.Optimizer, name)))
for name in ['register_forward_pre_hook', 'register_forward_hook',
             'register_full_backward_pre_hook', 'register_full_backward_hook',
             'register_backward_hook', 'register_state_dict_pre_hook',
             'register_state_dict_post_hook', 'register_load_state_dict_pre_hook',
             'register_load_state_dict_post_hook']:
    print('Module.' + name, inspect.signature(getattr(torch.nn.Module, name)))
for name in module_module.__all__:
    if name != 'Module':
        print(name, inspect.signature(getattr(module_module, name)))
print('Tensor.register_hook', inspect.signature(torch.Tensor.register_hook))
print('Tensor.register_post_accumulate_grad_hook',
      inspect.signature(torch.Tensor.register_post_accumulate_grad_hook))
Node = torch.autograd.graph.Node  # (a grad_fn's own methods are builtins in PyTorch)
print('Node.register_hook', inspect.signature(Node.register_hook))
print('Node.register_prehook', inspect.signature(Node.register_prehook))
print(torch.Tensor, type(torch.ones(1)).__name__)
