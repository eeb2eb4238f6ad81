# slogdet / logdet under create_graph: PyTorch's gradient is linalg.solve(A^H, diag(g)^H), so
# when g itself requires grad the right-hand side's TransposeBackward0 sits between
# LinalgSolveExBackward0 and DiagEmbedBackward0 (7:10990, 7:12968, 8:14438)
import torch

F = torch.nn.functional


def walk(fn, depth=0):
    print("  " * depth + (fn.name() if fn is not None else "None"))
    if fn is not None and depth < 6:
        for next_fn, _ in fn.next_functions:
            walk(next_fn, depth + 1)


a = torch.tensor([[0.5, -1.25, 0.75], [-0.25, 0.25, -0.75], [2.0, 0.25, 1.5]],
                 dtype=torch.float64, requires_grad=True)
w = torch.tensor([1.5, -0.5], dtype=torch.float64, requires_grad=True)
grad, = torch.autograd.grad(torch.slogdet(a)[1], a, grad_outputs=w[0], create_graph=True)
walk(grad.grad_fn)
print(grad.stride(), grad)
grad, = torch.autograd.grad(torch.logdet(a), a, grad_outputs=w[1], create_graph=True)
walk(grad.grad_fn)
batch = torch.stack([a, a.mT]).detach().requires_grad_()
grad, = torch.autograd.grad(torch.linalg.slogdet(batch)[1], batch, grad_outputs=w,
                            create_graph=True)
walk(grad.grad_fn)
v0 = torch.tensor([[-0.677]], requires_grad=True)
F.leaky_relu(v0.slogdet()[1]).backward(create_graph=True)
walk(v0.grad.grad_fn)
print(torch.autograd.grad(v0.grad.sum(), v0))
