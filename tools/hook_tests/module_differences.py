"""Behaviours of PyTorch's module hook tests where hookgrad differs on purpose.

test_hook_inplace: PyTorch refuses in-place ops on the tensors a module with full backward
hooks receives or returns ("Output 0 of BackwardHookFunctionBackward is a view and is being
modified inplace ..."). hookgrad's identity node makes aliases that are no autograd views,
so the in-place op works and the hooks see the gradients of the out-of-place form (docs/hooks.md
§7.6, and tests/nn/test_inplace_backward_hooks.py)."""
from _hook_cases import case, nn, raises, run, torch


class KeepsInput(nn.Module):
    def forward(self, inp, in_place):
        self.inp = inp
        if in_place:
            inp += 1
        return inp.clone()


@case
def test_hook_inplace():
    calls = []
    inp = torch.ones(3, requires_grad=True)
    mod = KeepsInput()
    for register, hook in ((mod.register_full_backward_hook, lambda m, gi, go: calls.append(1)),
                           (mod.register_full_backward_pre_hook, lambda m, go: calls.append(1))):
        calls.clear()
        with register(hook):
            mod(inp, False).sum().backward()
            print("plain", len(calls))
            print("in-place on the hooked input:", raises(lambda: mod(inp.clone(), True)))
            local = inp.clone()
            mod(local, False)
            local[0] *= 1
            print("reuse after in-place on its base:", raises(lambda: mod.inp + 2))
            out = mod(inp, False)

            def bump():
                nonlocal out
                out += 1
            print("in-place on the output:", raises(bump))



run()
