# A view made after a dtype view (z.imag, view_as_real) regains its grad_fn after an in-place op
# as PyTorch's view functions compose it: the dtype view replayed, then one as_strided per later
# view op, each an AsStridedBackward0 (fuzz 54:17669).
import torch
def chain(node, depth=5):
    out = []
    while node is not None and depth:
        out.append(type(node).__name__)
        nx = [n for n, _ in node.next_functions if n is not None]
        node = nx[0] if nx else None
        depth -= 1
    return out
for name, make in [("slice", lambda v: v[::2]), ("slice2", lambda v: v[1:][::2]), ("t", lambda v: v.t()), ("select slice", lambda v: v[0, ::2]), ("unsq", lambda v: v.unsqueeze(0)[0]), ("view", lambda v: v.reshape(-1)), ("diag", lambda v: v.diagonal())]:
    z = torch.tensor([[1 + 1j, 2 - 1j, 0.5j], [3 + 0j, -1j, 2 + 2j], [1j, 1, -1]], requires_grad=True) * 1
    w = torch.tensor(0.5, requires_grad=True)
    v = make(z.imag)
    try:
        v.mul_(w)
        print(name, chain(v.grad_fn))
        v.sum().backward()
        print("  ", w.grad)
    except Exception as e:
        print(name, type(e).__name__, e)
