# PyTorch's NotImplemented nodes (number % tensor, floor_divide, weighted bincount, the
# gradient of hardsigmoid) have sequence number 2**64 - 1: a pass runs them as soon as they
# are ready, so it raises before other branches (and their hooks) run.
import torch

F = torch.nn.functional


def run(label, make_failing):
    v0 = torch.tensor([1.25, -2.0, 0.5], requires_grad=True)
    failing = make_failing(v0)
    print(label, failing.grad_fn.name(), failing.grad_fn._sequence_nr() == 2 ** 64 - 1)
    v2 = torch.tensor([-0.25, 1.75], requires_grad=True)
    parts = torch.unbind(v2, 0)
    parts[1].register_hook(lambda g: print(" tensor hook on the other branch"))
    parts[1].grad_fn.register_prehook(lambda g: print(" other branch's node"))
    total = parts[1].sum() + failing.sum()
    try:
        total.backward()
    except RuntimeError as e:
        print(" RuntimeError", e)


run("remainder", lambda v: 3.0 % v)
run("floor_divide", lambda v: v // 2)
run("bincount", lambda v: torch.bincount(torch.tensor([0, 1, 1]), weights=v))
run("hardsigmoid grad", lambda v: torch.autograd.grad(F.hardsigmoid(v).sum(), v,
                                                      create_graph=True)[0])
