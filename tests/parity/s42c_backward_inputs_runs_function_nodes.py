# backward(inputs=[y]) with y a non-leaf: PyTorch runs y's grad_fn (its pre- and post-hooks
# fire) though no gradient below it is needed. Its own ops compute nothing there, but a custom
# Function's node (PyNode) calls the Python backward, whose results reach the node's
# post-hooks; a module's backward pre-hooks are pre-hooks of such a node (BackwardHookFunction)
# and fire too. (fuzz 900:104, op table part 9)
import torch


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        print("Double.backward", g)
        return g * 2


x = torch.tensor([1.0, -2.0], requires_grad=True)
y = Double.apply(x)
y.grad_fn.register_prehook(lambda go: print("Double pre", go))
y.grad_fn.register_hook(lambda gi, go: print("Double post", gi, go))
z = (y * 3).sum()
z.backward(inputs=[y])
print("y.grad", y.grad, "x.grad", x.grad)

# a built-in op's node in the same place: hooks fire, its backward computes nothing
w = x * 5
w.grad_fn.register_hook(lambda gi, go: print("Mul post", gi, go))
(w * 3).sum().backward(inputs=[w])
print("w.grad", w.grad)

lin = torch.nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.25], [1.0, 0.75]]))
    lin.bias.copy_(torch.tensor([0.125, -0.5]))
lin.register_full_backward_pre_hook(lambda m, go: print("module pre", go))
lin.register_full_backward_hook(lambda m, gi, go: print("module full", gi, go))
inp = torch.tensor([[1.0, 2.0]], requires_grad=True)
out = lin(inp)
loss = (out * 3).sum()
loss.backward(inputs=[out], retain_graph=True)
print("out.grad", out.grad, "inp.grad", inp.grad, "weight.grad", lin.weight.grad)
loss.backward(inputs=[inp])
print("inp.grad", inp.grad)
