# Issue 11 (fuzz 31:19643): backward(inputs=[t]) retains t's gradient before the roots'
# gradients are checked, so a refused gradient (a root reshaped in place under no_grad) still
# leaves t retaining its grad, as PyTorch does.
import torch

a = torch.tensor([[1.0, 2.0]], requires_grad=True)
b = a * 1
with torch.no_grad():
    b.unsqueeze_(2)
try:
    b.backward(gradient=torch.ones(1, 2, 1), inputs=[b])
except RuntimeError as error:
    print("raised", error)
print("retains", b.retains_grad, b.grad is None)
c = a * 2
c.backward(torch.ones(1, 2), inputs=[c])
print("retains", c.retains_grad, c.grad)
f = a * 2
torch.autograd.grad(f, [f], torch.ones(1, 2))
print("grad() retains", f.retains_grad)
