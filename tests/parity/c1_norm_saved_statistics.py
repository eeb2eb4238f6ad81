# layer_norm, group_norm and batch_norm (and instance_norm through it) save their statistics
# outputs after their inputs, as PyTorch's nodes do (_saved_result1/2; empty in eval mode):
# saved-tensor hooks see them, and batch_norm's running statistics before the update.
import torch

F = torch.nn.functional
x = torch.tensor([[1., 2., 0.5], [3., 4., 1.5]], requires_grad=True)
w = torch.tensor([1., 2., 3.], requires_grad=True)


def pack(t):
    print(' pack', tuple(t.shape), t.dtype, [round(v, 4) for v in t.reshape(-1).tolist()])
    return t


def unpack(t):
    print(' unpack', tuple(t.shape))
    return t


def bn(training):
    return F.batch_norm(x, torch.zeros(3), torch.ones(3), w, training=training)


for name, f in [('bn train', lambda: bn(True)),
                ('bn train no running', lambda: F.batch_norm(x, None, None, training=True)),
                ('bn eval', lambda: bn(False)),
                ('gn', lambda: F.group_norm(x[None].expand(2, 2, 3).reshape(2, 6, 1), 3)),
                ('ln', lambda: F.layer_norm(x, (3,), w)),
                ('in', lambda: F.instance_norm(x[None]))]:
    print(name)
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        y = f()
    if name != "in":
        print(y.grad_fn.name(), y.grad_fn._saved_result1.shape, y.grad_fn._saved_result2.shape)
    y.sum().backward()
    (g,) = torch.autograd.grad((f() ** 2).sum(), x, create_graph=True)
    g.sum().backward()
print(x.grad, w.grad)
with torch.no_grad():
    print(F.layer_norm(x, (3,)), F.group_norm(x[None], 2))
