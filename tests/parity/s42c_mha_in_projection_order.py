# nn.MultiheadAttention with key is value but query another tensor (encoder-decoder attention):
# PyTorch's _in_projection_packed projects the query first, then key and value in one GEMM, so
# saved-tensor pack hooks see the query's projection (its input, the weight slice) first.
# (fuzz 901:8, op table part 9)
import torch

mha = torch.nn.MultiheadAttention(2, 1)
with torch.no_grad():
    mha.in_proj_weight.copy_(torch.tensor([[0.5, -0.25], [0.125, 0.75], [-0.5, 0.25],
                                           [1.0, 0.5], [0.25, -0.75], [0.375, 0.625]]))
    mha.in_proj_bias.copy_(torch.tensor([0.1, -0.2, 0.3, 0.0, 0.25, -0.125]))
    mha.out_proj.weight.copy_(torch.tensor([[0.75, -0.5], [0.25, 1.0]]))
    mha.out_proj.bias.copy_(torch.tensor([0.5, -0.25]))
q = torch.tensor([[[-0.5, -1.0], [1.5, -1.5]], [[0.25, -1.75], [0.25, 0.75]]],
                 requires_grad=True)
kv = torch.tensor([[[-0.75, 0.625], [0.5, 0.125]], [[-0.375, -2.0], [1.0, -0.5]]],
                  requires_grad=True)


def pack(t):
    fn = t.grad_fn.name() if t.grad_fn is not None else None
    print("pack", tuple(t.shape), fn)
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out, weights = mha(q, kv, kv)
print(out, weights)
