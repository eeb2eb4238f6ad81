# F.instance_norm creates its nodes in PyTorch's order: the weight and bias repeated first,
# then the input folded (which decides the order a backward runs the branches in).
import torch
F = torch.nn.functional
def walk(fn, root, d=0, out=None):
    out = [] if out is None else out
    if fn is None:
        return out
    seq = fn._sequence_nr()
    out.append(fn.name() + ":" + (str(root - seq) if seq < 2 ** 63 else "max"))
    for f, _ in fn.next_functions:
        walk(f, root, d + 1, out)
    return out
x = torch.ones(2, 3, 4, requires_grad=True)
w = torch.ones(3, requires_grad=True)
b = torch.ones(3, requires_grad=True)
rm = torch.zeros(3)
rv = torch.ones(3)
for kw in ({}, {"weight": w, "bias": b}, {"running_mean": rm, "running_var": rv}, {"running_mean": rm, "running_var": rv, "use_input_stats": False, "weight": w}):
    y = F.instance_norm(x, **kw)
    print(sorted(kw), walk(y.grad_fn, y.grad_fn._sequence_nr()))
log = []
x = torch.ones(2, 3, 4, requires_grad=True)
w = torch.ones(3, requires_grad=True)
b = torch.ones(3, requires_grad=True)
for name, t in (("x", x), ("w", w), ("b", b)):
    t.register_post_accumulate_grad_hook(lambda p, name=name: log.append(name))
(F.instance_norm(x, weight=w, bias=b) * torch.arange(24.).reshape(2, 3, 4)).sum().backward()
print("accumulated in order", log)
