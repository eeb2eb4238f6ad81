# nextafter saves its operands only when input needs a gradient (other's is zeros): a pass
# that reaches other alone frees nothing, so a second pass without retain_graph works.
import torch

for input_grad, other_grad in [(False, True), (True, False), (True, True)]:
    x = torch.tensor([0.75, 1.0], requires_grad=input_grad)
    y = torch.tensor([2.0, 1.0], requires_grad=other_grad)
    r = torch.nextafter(x, y)
    print(input_grad, other_grad, r.grad_fn._saved_self, r.grad_fn._saved_other)
    wanted = [t for t in (x, y) if t.requires_grad]
    print(torch.autograd.grad([r.sum()], wanted))
    try:
        print(torch.autograd.grad([r.sum()], wanted))
    except RuntimeError as e:
        print(type(e).__name__, str(e)[:60])
# in place: the result of a no-grad self moved towards a leaf
s = torch.cat([torch.tensor([[0.5, -0.5]]), torch.tensor([[1.0, 2.0]])])
t = torch.tensor([[1.0, 1.0], [0.0, 3.0]], requires_grad=True)
s.nextafter_(t)
loss = s.sum()
loss.backward()
loss.backward()
print(s, t.grad)
