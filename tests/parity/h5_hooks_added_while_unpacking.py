# A saved tensor's unpack hook runs while its node runs backward: it sees that node as
# torch._C._current_autograd_node() (also when no hook was on the node before), and hooks it
# registers there take effect at once: post-hooks run after this node's backward, and get an
# empty tuple for the node's incoming gradients (PyTorch keeps those only for post-hooks the
# node had when it started). Through a `_saved_*` attribute, outside backward, no node runs.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)


def unpack(t):
    node = torch._C._current_autograd_node()
    print("unpack in", node.name())
    node.register_prehook(lambda go: print("pre-hook added in unpack", go))
    node.register_hook(lambda gi, go: print("post-hook added in unpack", gi, go))
    return t


with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
    y = a * a
    y.grad_fn.register_prehook(lambda go: print("pre-hook from before", go))
    y.sum().backward()
    z = a * 3
    z.grad_fn.register_hook(lambda gi, go: print("post-hook from before", gi, go))
    w = z * a
    w.sum().backward()
print(a.grad)

# halving the gradient from inside the unpack hook (var_mean saves its input)
b = torch.tensor([[1.0, 2.0, 3.0], [4.0, 6.0, 8.0], [0.0, 1.0, 5.0]], requires_grad=True)


def halve_in_unpack(t):
    torch._C._current_autograd_node().register_hook(
        lambda gi, go: tuple(None if g is None else g / 2.0 for g in gi))
    return t


with torch.autograd.graph.saved_tensors_hooks(lambda t: t, halve_in_unpack):
    var, mean = torch.var_mean(b, dim=0)
    (var + mean).sum().backward()
print(b.grad)


def report(t):
    print("attribute unpack sees", torch._C._current_autograd_node())
    return t


with torch.autograd.graph.saved_tensors_hooks(lambda t: t, report):
    e = a.exp()
print(e.grad_fn._saved_result)
