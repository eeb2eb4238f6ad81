# With create_graph a leaf's first .grad is a new tensor written by copy_ (grad_fn CopyBackwards
# when the gradient has history), never the caller's gradient itself: editing .grad in place
# leaves the caller's tensor alone. A later backward without create_graph accumulates into
# that .grad in place. Post-accumulate hooks see the same.
import torch


def edges(node):
    return [(None if n is None else n.name(), i) for n, i in node.next_functions]


def show_grad_fn(p):
    print('acc hook', p.grad.grad_fn.name() if p.grad.grad_fn else None)


x = torch.tensor([1., 2.], requires_grad=True)
y = (x * x).sum()
y.backward(create_graph=True)
g = x.grad
print(g.grad_fn.name(), g._version, g.requires_grad, g.is_leaf, edges(g.grad_fn))
y = (x * x).sum()
y.backward(create_graph=True)
print(x.grad.grad_fn.name(), edges(x.grad.grad_fn))

z = torch.tensor([1., 2.], requires_grad=True)
gg = torch.tensor([3., 4.])
z.register_hook(lambda grad: print('leaf hook gets the seed', grad is gg))
z.backward(gg, create_graph=True)
print(z.grad is gg, z.grad.grad_fn, z.grad.requires_grad, z.grad._version)
z.grad.mul_(10)
print('seed after', gg)
before = z.grad
z.backward(gg)
print('in place accumulate', before is z.grad, before)

w = torch.tensor([1., 2.], requires_grad=True)
w.register_post_accumulate_grad_hook(show_grad_fn)
(w.exp()).sum().backward(create_graph=True)
(w.exp()).sum().backward(create_graph=True)
print(w.grad.grad_fn.name())

v = torch.tensor([1., 2.], requires_grad=True)
(gv,) = torch.autograd.grad((v * v).sum(), v, create_graph=True)
v.backward(gv, create_graph=True)
print('.grad from a gradient with history', v.grad is gv, v.grad.grad_fn.name(),
      edges(v.grad.grad_fn))
