# What saved-tensor pack hooks see during in-place ops (fuzz 900:400, 901:326): the old value
# an in-place op saves is packed as self.clone() (grad_fn CloneBackward0, edge to the history
# before the write), the saved result is packed after the write as the written tensor itself
# (a view's regenerated AsStridedBackward0); GRUCell's in-place steps pack clones too.
import torch

seen = []


def describe(t):
    fn = t.grad_fn
    nexts = [None if n is None else n.name() for n, _ in fn.next_functions] if fn else None
    return tuple(t.shape), fn.name() if fn else None, nexts


def pack(t):
    seen.append(t)
    print("pack", *describe(t))
    return t


def unpack(t):
    return t


print("mul_ of a non-view, both operands requiring grad")
a = torch.tensor([1.0, 2.0, -3.0], requires_grad=True)
b = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = a * 1
    y.mul_(b)
print(y.grad_fn.name(), [n.name() for n, _ in y.grad_fn.next_functions])
y.sum().backward()
print(a.grad, b.grad)

print("exp_ saves its result: the written tensor itself")
seen.clear()
x = torch.tensor([0.5, -1.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    z = x * 2
    z.exp_()
print("packed the written tensor:", seen[-1] is z)
z.sum().backward()
print(x.grad)

print("relu_ on a view saves the view with its new history")
seen.clear()
w = torch.tensor([[1.0, -2.0], [3.0, -4.0]], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    base = w * 1
    row = base[1]
    row.relu_()
print("packed the view:", seen[-1] is row)
base.sum().backward()
print(w.grad)

print("mul_ on a view, other requiring grad")
seen.clear()
p = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
q = torch.tensor([2.0, -1.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    base = p + 0
    base[0].mul_(q)
base.sum().backward()
print(p.grad, q.grad)

print("GRUCell")
cell = torch.nn.GRUCell(2, 3).double()
with torch.no_grad():
    for i, param in enumerate(cell.parameters()):
        param.copy_(torch.linspace(-1, 1, param.numel(), dtype=torch.float64).reshape(
            param.shape) * (i + 1) / 4)
inp = torch.tensor([[0.5, -1.5]], dtype=torch.float64, requires_grad=True)
hid = torch.tensor([[0.25, -0.5, 1.0]], dtype=torch.float64, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = cell(inp, hid)
print(out)
out.sum().backward()
print(inp.grad, hid.grad)
