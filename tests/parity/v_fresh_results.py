# Results PyTorch computes as new tensors, not views: max_pool1d of a tensor that needs no
# gradient (its own 1-d kernel; with a gradient it is a squeeze of max_pool2d's result), and
# matmul / linear of a 1-d input (the product squeezed in place, which bumps its version).
# A write into such a result with a tensor that requires grad makes the result itself require
# grad, so a hook can be registered on it.
import torch

F = torch.nn.functional

for grad in (False, True):
    x = torch.tensor([[[1.5, 3.0, 1.0, 0.5]], [[-1.0, -2.0, 0.25, 0.75]]], requires_grad=grad)
    v = torch.tensor([0.5, -1.0, 2.0, 0.25], requires_grad=grad)
    results = {"max_pool1d": F.max_pool1d(x, 2), "max_pool1d unbatched": F.max_pool1d(x[0], 1),
               "max_pool1d indices": F.max_pool1d(x, 2, return_indices=True)[0],
               "matmul 1-d": torch.matmul(v, torch.ones(4, 3)),
               "linear 1-d": F.linear(v, torch.ones(3, 4))}
    for label, y in results.items():
        print(grad, label, y._is_view(), y._version, y.grad_fn.name() if y.grad_fn else None)
    with torch.no_grad():
        print(grad, "no_grad max_pool1d", F.max_pool1d(x, 2)._is_view())

pooled = F.max_pool1d(torch.tensor([[[1.5, 3.0], [1.0, 0.5]], [[-1.0, -2.0], [0.25, 0.75]]]),
                      kernel_size=1)
source = torch.tensor([-1.25, 0.75], requires_grad=True)
pooled[0:0, 0::2] = source
print(pooled.requires_grad, pooled.grad_fn.name())
pooled.register_hook(lambda g: print("hook", g.shape))
pooled.sum().backward()
print(source.grad)
product = torch.matmul(torch.tensor([1.0, 2.0]), torch.ones(2, 3))
product[1] = source[0]
print(product.requires_grad, product.grad_fn.name(), product._version)
product.sum().backward()
print(source.grad)
