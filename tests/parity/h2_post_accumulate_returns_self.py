# A post-accumulate-grad hook may return the very tensor it was given (the return is then
# ignored); another Tensor becomes the next hook's argument and the pass fails after the
# last hook; a non-Tensor fails at once. With create_graph too.
import torch


def returns_itself(p):
    return p


def make_reporter(x, label):
    def report(p):
        print(label, p is x, p.detach().tolist())
        return p
    return report


for create_graph in (False, True):
    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_post_accumulate_grad_hook(returns_itself)
    x.register_post_accumulate_grad_hook(make_reporter(x, 'second sees the leaf'))
    (x * 3).sum().backward(create_graph=create_graph)
    print('returns itself, create_graph', create_graph, '->', x.grad.detach().tolist())

for label, first in (('another', lambda p: p * 2), ('number', lambda p: 3)):
    x = torch.ones(2, requires_grad=True)
    x.register_post_accumulate_grad_hook(first)
    x.register_post_accumulate_grad_hook(make_reporter(x, 'next hook sees the leaf'))
    try:
        (x * 3).sum().backward()
    except (RuntimeError, TypeError) as error:
        print(label, '->', type(error).__name__, error, '| .grad', x.grad.tolist())
