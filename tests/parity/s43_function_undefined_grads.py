# A custom Function's backward and a module's full backward hooks run also when no gradient
# reaches them (vector_norm(ord=0) passes none): PyTorch's PyNode materializes zeros (fuzz 57:13805).
import torch
x = torch.tensor([[0.0, -1.5], [-1.5, -1.5]], requires_grad=True)
lin = torch.nn.Linear(2, 3)
lin.register_full_backward_hook(lambda m, gi, go: print("bwd", gi, go))
lin.register_full_backward_pre_hook(lambda m, go: print("pre", go))
y = lin(x)
n = torch.linalg.vector_norm(y, ord=0)
print(torch.autograd.grad(n, [x], allow_unused=True))
class Id(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a.clone()
    @staticmethod
    def backward(ctx, g):
        print("Id backward got", g)
        return g
y = Id.apply(x * 1)
n = torch.linalg.vector_norm(y, ord=0)
print(torch.autograd.grad(n, [x], allow_unused=True))
