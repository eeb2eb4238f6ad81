# A pre-hook on a leaf's AccumulateGrad that changes the gradient in place and returns it:
# PyTorch's engine replaces its inputs with the hook's result, so the gradient is held once
# and AccumulateGrad steals it as .grad; a post-accumulate-grad hook's in-place change is then
# what the node's post-hook observes as its grad_outputs (fuzz 14:7480).
import torch

v0 = torch.tensor([[[[0.25, 1.25, -1.5], [0.25, -0.25, -1.75]]]], dtype=torch.float64,
                  requires_grad=True)


def triple(grad_outputs):
    print("pre", [g.tolist() for g in grad_outputs])
    return tuple(None if g is None else g.mul_(3) for g in grad_outputs)


def observe(grad_inputs, grad_outputs):
    print("post", grad_inputs, [g.tolist() for g in grad_outputs])


def triple_grad(param):
    print("post-accumulate", param.grad.tolist())
    param.grad.mul_(3)


v2 = torch.vstack([v0, v0.float().detach()])
node = v2.grad_fn.next_functions[0][0]
handles = [node.register_prehook(triple), node.register_hook(observe),
           v0.register_post_accumulate_grad_hook(triple_grad)]
v0[0].sum().backward()
print(v0.grad.tolist())
v0[0].sum().backward()
print(v0.grad.tolist())
handles[0].remove()
v0.grad = None
(v0 * 2).sum().backward()
print(v0.grad.tolist())
