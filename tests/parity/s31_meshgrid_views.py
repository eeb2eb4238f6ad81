# Issue 11 (fuzz 32:10534): meshgrid views each input (view, then expand), so a strided 1-d
# input (a row of a transposed matrix) gets ViewBackward0, not a reshape's node.
import torch

m = torch.arange(25.0).reshape(5, 5).requires_grad_()
a = torch.tensor([1.0, 2.0], requires_grad=True)
for indexing in ("ij", "xy"):
    grids = torch.meshgrid(m.mT[2], a, torch.tensor(3.0), indexing=indexing)
    for g in grids:
        fn = g.grad_fn
        print(indexing, tuple(g.shape), g.stride(), fn.name() if fn else None,
              [(n.name() if n else None) for n, _ in fn.next_functions] if fn else None)
    sum(g.sum() for g in grids).backward()
    print(m.grad[:, 2].tolist(), a.grad.tolist())
    m.grad = a.grad = None
