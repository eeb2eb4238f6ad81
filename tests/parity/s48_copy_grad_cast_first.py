# copy_'s gradient for its source is cast to the source's dtype by CopyBackwards itself, and
# only then summed over the broadcast dims (by the engine): under create_graph, the source's
# gradient is SumBackward0 of ToCopyBackward0, and a hook on the source sees that.
import torch


def chain(fn):
    if fn is None:
        return None
    return [fn.name(), [chain(n) for n, _ in fn.next_functions]]


for src_dtype, dst_shape in ((torch.float64, (3,)), (torch.float64, ()), (torch.float32, (2, 3)),
                             (torch.float64, (2, 1))):
    x = torch.tensor(1.5, dtype=src_dtype, requires_grad=True)
    s = x * 2
    s.register_hook(lambda g: print("  hook", g.dtype, chain(g.grad_fn)))
    dst = torch.zeros(dst_shape, dtype=torch.float32)
    dst.copy_(s)
    (dst * dst * 3).sum().backward(create_graph=True)
    print(src_dtype, dst_shape, x.grad, chain(x.grad.grad_fn))
    y = torch.tensor(1.5, dtype=src_dtype, requires_grad=True)
    d2 = torch.zeros(dst_shape, dtype=torch.float32)
    d2.copy_(y * 2)
    (d2 * d2).sum().backward()
    print("  plain", y.grad)
