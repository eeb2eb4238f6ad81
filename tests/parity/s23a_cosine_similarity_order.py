# cosine_similarity's nodes in PyTorch's order: its C++ expands x2 before x1 and divides x2
# by its norm before x1 (GCC evaluates the arguments right to left), so x1's branch runs
# first in backward: a hook on x2 that raises leaves x1's .grad written (fuzz 21:7874).
import torch

F = torch.nn.functional


def walk(fn, path, nodes):
    if fn is None or fn in nodes:
        return
    nodes[fn] = path
    for i, (child, _) in enumerate(fn.next_functions):
        walk(child, path + str(i), nodes)


for a, b in [((2,), ()), ((3,), (2, 3)), ((2, 3), (3,)), ((2, 3), (2, 3))]:
    x1 = torch.linspace(-1, 2, 6)[:torch.Size(a).numel()].reshape(a).requires_grad_()
    x2 = torch.full(b, 2.0, requires_grad=True)
    y = F.cosine_similarity(x1, x2, dim=-1)
    x1.register_hook(lambda g: print("x1 hook", g))
    x2.register_hook(lambda g: print("x2 hook", g))
    nodes = {}
    walk(y.grad_fn, "r", nodes)
    for fn, path in nodes.items():
        fn.register_prehook(lambda g, path=path, fn=fn: print("run", path, fn.name()))
    y.sum().backward()

x1 = torch.tensor([-0.5, 0.75], requires_grad=True)
x2 = torch.tensor(2.0, requires_grad=True)
y = F.cosine_similarity(x1, x2, dim=-1)
x2.register_hook(lambda g: torch.zeros(2))
try:
    y.backward(create_graph=True)
except RuntimeError as error:
    print("raised", error)
print(x1.grad, x2.grad)
