# Custom autograd.Function: ctx.needs_input_grad, save_for_backward / saved_tensors,
# mark_non_differentiable outputs, non-tensor arguments, and gradient of None for them.
import torch


class ScaledSortFirst(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale, flag):
        print('forward: needs_input_grad', ctx.needs_input_grad, 'grad enabled',
              torch.is_grad_enabled())
        ctx.save_for_backward(a, b)
        ctx.scale = scale
        out = a * b * scale
        idx = torch.argsort(a)
        ctx.mark_non_differentiable(idx)
        return out, idx

    @staticmethod
    def backward(ctx, grad_out, grad_idx):
        a, b = ctx.saved_tensors
        print('backward: needs_input_grad', ctx.needs_input_grad, 'grad_idx', grad_idx)
        ga = grad_out * b * ctx.scale if ctx.needs_input_grad[0] else None
        gb = grad_out * a * ctx.scale if ctx.needs_input_grad[1] else None
        return ga, gb, None, None


a = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
b = torch.tensor([1.0, 2.0, 3.0])
out, idx = ScaledSortFirst.apply(a, b, 2.0, True)
print('out', out, 'idx', idx, 'idx requires grad', idx.requires_grad, 'idx grad_fn', idx.grad_fn)
print('grad_fn', out.grad_fn.name(), [None if f is None else f.name()
                                      for f, _ in out.grad_fn.next_functions])
out.sum().backward()
print('a.grad', a.grad, 'b.grad', b.grad)

b.requires_grad_()
out, idx = ScaledSortFirst.apply(a, b, 0.5, False)
(out * torch.tensor([1.0, 0.0, 2.0])).sum().backward()
print('a.grad', a.grad, 'b.grad', b.grad)

with torch.no_grad():
    out, idx = ScaledSortFirst.apply(a, b, 1.0, True)
print('under no_grad: requires_grad', out.requires_grad, out.grad_fn)
