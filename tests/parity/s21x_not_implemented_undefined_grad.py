# A node whose derivative PyTorch does not implement raises when backward reaches it with an
# undefined gradient too (ord-0 norm's backward gives none), with and without create_graph.
import torch
v0 = torch.tensor([[-0.25, 1.5], [0.5, -1.75]], requires_grad=True)
for create in (False, True):
    v1 = v0 * 1
    v1 //= torch.tensor([[True, False]])
    print(v1.grad_fn.name())
    for label, out in [("norm0", torch.linalg.norm(v1, ord=0, dim=0)), ("sum", v1.sum())]:
        try:
            out.backward(torch.ones_like(out), create_graph=create, retain_graph=True)
            print(label, create, "ok", v0.grad)
        except RuntimeError as e:
            print(label, create, "raises", e)
        v0.grad = None
