# index_copy's and index_add's source gradient is grad.index_select(dim, index).expand_as(source)
# in PyTorch (times alpha, a product, when alpha is not 1): with alpha 1 a view, whether or not
# the pass records a graph, so an in-place op on what autograd.grad returns writes through a
# view (its grad_fn becomes AsStridedBackward0, under CopySlices), or, made without
# create_graph, is refused as an in-place write into a view made under no_grad.
import torch

for name, alpha in (("index_copy", None), ("index_add", None), ("index_add", 2.0)):
    for create_graph in (False, True):
        base = torch.tensor([[-0.75, 0.0, -0.5], [1.5, 2.0, -1.0]], requires_grad=True)
        source = torch.tensor([[0.5], [0.25]], requires_grad=True)
        index = torch.tensor([2])
        if alpha is None:
            out = getattr(base, name)(-1, index, source)
        else:
            out = base.index_add(-1, index, source, alpha=alpha)
        weights = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        g_base, g_source = torch.autograd.grad([(out * weights).sum()], [base, source],
                                               create_graph=create_graph)
        print(name, alpha, create_graph, g_source, g_source._is_view(), g_source.stride())
        try:  # (a view made by a pass without create_graph counts as made under no_grad)
            edited = g_source.addcmul_(source, source)
        except RuntimeError as error:
            print("  addcmul_ raised", error)
            continue
        fn = edited.grad_fn
        print("  after addcmul_", edited, fn.name() if fn is not None else None,
              [n.name() if n is not None else None for n, _ in fn.next_functions] if fn else None)
