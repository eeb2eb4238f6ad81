# Issue 11 (fuzz): backward(inputs=[y]) with a non-leaf y gives y its .grad without running
# y's own node (which here could not run: pow's gradient with a bool exponent raises), as
# PyTorch; node hooks of y's node do not fire. With a leaf below it also wanted, it runs.
import torch

a = torch.tensor([1.5, 2.0], requires_grad=True)
y = a ** torch.tensor([True, False])
y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("node hook", grad_inputs,
                                                                  grad_outputs))
y.grad_fn.register_prehook(lambda grad_outputs: print("node pre-hook", grad_outputs))
y.register_hook(lambda grad: print("tensor hook", grad))
(y * 3).sum().backward(inputs=[y], create_graph=True)
print(y.grad, a.grad)
b = torch.tensor([1.5, 2.0], requires_grad=True)
z = b * 2
w = z.exp()
w.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("exp node hook", grad_inputs))
w.sum().backward(inputs=[w, b])
print(w.grad, z.grad, b.grad)
try:
    (a ** torch.tensor([True, False])).sum().backward()
except RuntimeError as error:
    print("RuntimeError:", error)
