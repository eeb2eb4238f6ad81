# addcdiv with an integer divisor: tensor1's gradient (value / tensor2, computed in tensor2's
# dtype) fails, but only in a pass that needs it: autograd.grad or backward(inputs=) for the
# other inputs works.
import torch

a = torch.tensor([1.5, -2.0, 1.0], requires_grad=True)
t1 = torch.tensor([[0.5], [0.0]], requires_grad=True)
t2 = torch.tensor([1, 5, 3])
y = torch.addcdiv(a, t1, t2, value=2).sum()
print(torch.autograd.grad([y], [a], retain_graph=True))
y.backward(inputs=[a], retain_graph=True)
print(a.grad, t1.grad)
for inputs in ([t1], [a, t1]):
    try:
        torch.autograd.grad([y], inputs, retain_graph=True)
    except RuntimeError as error:
        print("RuntimeError", error)
try:
    y.backward()
except RuntimeError as error:
    print("RuntimeError", error)
print(a.grad, t1.grad)
