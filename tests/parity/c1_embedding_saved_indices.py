# embedding's node saves the indices Tensor itself, as PyTorch's: written in place before
# backward (even under create_graph), backward refuses it with the version error; unchanged,
# _saved_indices reads it back and gradients (and max_norm) are as before.
import torch

F = torch.nn.functional
weight = torch.tensor([[-0.643], [-2.312], [1.834]], requires_grad=True)
for create_graph in [False, True]:
    indices = torch.tensor([[1, 2, 2], [0, 0, 1]])
    out = F.embedding(indices, weight)
    print(out.grad_fn._saved_indices.equal(indices))
    indices >>= -1
    try:
        out.sum().backward(create_graph=create_graph)
    except RuntimeError as e:
        print(e)
indices = torch.tensor([1, 2, 2])
out = F.embedding(indices, weight, padding_idx=2, max_norm=1.0)
(g,) = torch.autograd.grad(out.pow(2).sum(), weight, create_graph=True)
print(out, g)
g.sum().backward()
print(weight.grad)
