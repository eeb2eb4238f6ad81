# Spec 7.12: legacy backward hooks emit FutureWarnings at call time: output not a Tensor or
# tuple of Tensors; input not a single Tensor / tuple of Tensors; outputs from different
# autograd Nodes; forward containing multiple autograd Nodes (also for a single op on a
# leaf input, since leaves have no grad_fn); no warning for a single op on a non-leaf input.
# Upstream test_hook_non_full_warning.
import warnings
import torch
import torch.nn as nn

a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)


class ListIn(nn.Module):
    def forward(self, l):
        return l[0].clone(), l[1].clone()


class ListOut(nn.Module):
    def forward(self, a, b):
        return [a.clone(), b.clone()]


class TwoNodes(nn.Module):
    def forward(self, a, b):
        return a.clone(), b.clone()


class Chain(nn.Module):
    def forward(self, a):
        return a.clone().clone()


class IntIn(nn.Module):
    def forward(self, a, k):
        return a * k


def run(label, mod, *args):
    mod.register_backward_hook(lambda *x: None)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        mod(*args)
    print(label, len(w))
    for ww in w:
        print('  ', ww.category.__name__, ww.message)


run('list input', ListIn(), [a, b])
run('list output', ListOut(), a, b)
run('outputs from two nodes', TwoNodes(), a, b)
run('chain of two ops', Chain(), a * 1)
run('single op on leaf', nn.Sigmoid(), a)
run('single op on non-leaf', nn.Sigmoid(), a * 1)
run('non-tensor positional arg', IntIn(), a * 1, 3)
run('Linear on non-leaf', nn.Linear(2, 1), (a * 1).reshape(1, 2))
