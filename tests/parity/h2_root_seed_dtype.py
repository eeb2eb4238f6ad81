# backward(gradient=) / autograd.grad(grad_outputs=) of another dtype (float64 for a float32
# root, float32 for a float64 root, int64, bool): cast to the root's dtype before any hook
# sees it; tensor hooks, node pre/post hooks, retain_grad, post-accumulate hooks and .grad
# all get the root's dtype. An unused input still raises the unused-input error.
import torch


def dtypes(label):
    def hook(*args):
        grads = [g for a in args for g in (a if isinstance(a, tuple) else (a,))]
        print(' ', label, [None if g is None else str(g.dtype) for g in grads])
    return hook


def leaf_hook(p):
    print('  post-accumulate', p.grad.dtype)


seeds = (torch.tensor([1., 2.], dtype=torch.float64), torch.tensor([1, -2]),
         torch.tensor([True, False]), torch.tensor([0.5, 1.5]))
for root_dtype in (torch.float32, torch.float64):
    for seed in seeds:
        for create_graph in (False, True):
            x = torch.tensor([1., 2.], dtype=root_dtype, requires_grad=True)
            x.register_hook(dtypes('leaf hook'))
            x.register_post_accumulate_grad_hook(leaf_hook)
            y = x * 2
            y.retain_grad()
            y.register_hook(dtypes('root hook'))
            y.grad_fn.register_prehook(dtypes('node pre-hook'))
            y.grad_fn.register_hook(dtypes('node post-hook'))
            print(root_dtype, 'seed', seed.dtype, 'create_graph', create_graph)
            y.backward(seed, retain_graph=True, create_graph=create_graph)
            print('  y.grad', y.grad.dtype, y.grad.tolist(), 'x.grad', x.grad.dtype,
                  x.grad.tolist())
            (g,) = torch.autograd.grad(y * 1, x, seed, create_graph=create_graph)
            print('  autograd.grad', g.dtype, g.tolist())

x = torch.tensor([1., 2.], requires_grad=True)
g = torch.tensor([3., 4.], dtype=torch.float64)
x.backward(g)
print('leaf root: .grad is the seed', x.grad is g, x.grad.dtype)
unused = torch.tensor([1., 2.], requires_grad=True)
try:
    torch.autograd.grad(x * 2, [unused], torch.tensor([1, 1]))
except RuntimeError as error:
    print(type(error).__name__, error)
try:
    x.backward(torch.tensor([1, 2, 3]))
except RuntimeError as error:
    print(type(error).__name__, error)
