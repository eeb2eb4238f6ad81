# A custom Function returns every input it passes through as a new tensor (PyTorch's
# _wrap_outputs): a differentiable one with the Function's history, a non-differentiable one
# as a no-grad view (a detached alias if it requires grad), also when nothing records. A
# module's full backward hooks wrap its inputs so: MultiheadAttention's `key is value` is
# then false, it projects key and value apart, and the pack hooks see both (fuzz 61:11384).
import torch


class Passthrough(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, c):
        ctx.mark_non_differentiable(b)
        return a, b, c

    @staticmethod
    def backward(ctx, ga, gb, gc):
        return ga, None, None


a = torch.ones(2, requires_grad=True)
b = torch.ones(2)
c = torch.arange(3)
oa, ob, oc = Passthrough.apply(a, b, c)
print(oa is a, ob is b, oc is c, ob._is_view(), oc._is_view(), ob._base is b, oc._base is c)
print(ob.requires_grad, oc.requires_grad, ob.grad_fn, oc.grad_fn)
b.add_(1)
print(ob)
b2 = torch.ones(2, requires_grad=True)
oa, ob, oc = Passthrough.apply(a, b2, c)
print(ob is b2, ob.requires_grad, ob._is_view(), ob.grad_fn)
oa, ob, oc = Passthrough.apply(a.detach(), b, c)
print(oa._is_view(), ob is b, oc is c)


def pack(t):
    print("pack", tuple(t.shape), t.grad_fn.name() if t.grad_fn is not None else None)
    return t


mha = torch.nn.MultiheadAttention(2, 2)
with torch.no_grad():
    mha.in_proj_weight.copy_(torch.arange(12.0).reshape(6, 2) / 8 - 0.5)
    mha.in_proj_bias.zero_()
mha.register_full_backward_pre_hook(lambda module, grad_output: None)
query = torch.tensor([[[-0.75, -0.75]], [[1.25, -0.75]]], requires_grad=True)
memory = torch.tensor([[[-1.0, 0.5]]])
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out, weights = mha(query, memory, memory)
out.sum().backward()
print(out.grad_fn.name(), [round(v, 4) for v in query.grad.flatten().tolist()])
