"""Behaviours of test/test_autograd.py's tests of disable_saved_tensors_hooks: default
saved-tensor hooks refused inside it, itself refused while hooks are active, nesting, and
torch._C._autograd._saved_tensors_hooks_is_enabled."""
from _hook_cases import case, raises, run, torch

graph = torch.autograd.graph


@case
def test_disabling_saved_tensor_hooks():
    with graph.disable_saved_tensors_hooks("error message"):
        print(raises(lambda: graph.saved_tensors_hooks(lambda x: x, lambda x: x).__enter__()))
    print(torch._C._autograd._saved_tensors_hooks_is_enabled())
    with graph.saved_tensors_hooks(lambda x: x, lambda x: x):
        print(raises(lambda: graph.disable_saved_tensors_hooks("error message").__enter__()))
    print(torch._C._autograd._saved_tensors_hooks_is_enabled())


@case
def test_disabling_saved_tensor_hooks_nested():
    with graph.disable_saved_tensors_hooks("outer"):
        with graph.disable_saved_tensors_hooks("inner"):
            print(raises(lambda: graph.saved_tensors_hooks(lambda x: x, lambda x: x)
                         .__enter__()))
        print(torch._C._autograd._saved_tensors_hooks_is_enabled())
    print(torch._C._autograd._saved_tensors_hooks_is_enabled())


run()
