# logsigmoid of a 0-d float32 tensor: its create_graph gradient is the LogSigmoidBackwardBackward0
# node's own 0-d output, no reduction after it (fuzz 59:1401: the SLEEF buffer came back 1-d).
import torch

F = torch.nn.functional
for value in (0.5, -2.0, 30.0):
    x = torch.tensor(value, requires_grad=True)
    y = F.logsigmoid(x)
    y.backward(create_graph=True)
    fn = x.grad.grad_fn
    print(value, tuple(x.grad.shape), fn.name(),
          [(f.name() if f is not None else None) for f, _ in fn.next_functions])
    print([(f.name() if f is not None else None) for f, _ in fn.next_functions[1][0].next_functions]
          if fn.next_functions[1][0] is not None else None)
    (second,) = torch.autograd.grad(x.grad, x)
    print(f"{x.grad.item():.6f} {second.item():.6f}", tuple(second.shape))
