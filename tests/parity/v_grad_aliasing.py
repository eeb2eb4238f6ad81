# Whether a gradient is the very tensor that came in or a new one, as PyTorch's formulas
# decide: repeat with nothing to sum hands back its incoming gradient (so autograd.grad returns
# grad_outputs itself), with added dims it sums into a new tensor; max / min / median / sort /
# topk / kthvalue / mode / cummax / cummin of a 0-d tensor scatter into zeros (a new tensor,
# ScatterBackward0 / ScatterAddBackward0 when recorded); scatter and gather work on 0-d tensors.
import torch
v0 = torch.zeros((0,), dtype=torch.float32).requires_grad_()
v1 = v0.repeat(1)
v3 = torch.autograd.grad([v1.mean()], [v0, v0, v1])
print("317", v3[0] is v3[1], v3[1] is v3[2], v3[0] is v3[2], v1.grad_fn.name())
v0 = torch.tensor([0.75], requires_grad=True)
v1 = torch.tensor(0.25, requires_grad=True)
v2 = v1.max(-1)
v3 = torch.remainder(v2[1], v2[0])
v4 = torch.autograd.grad([v3], [v0, v2[0], v1], create_graph=True, allow_unused=True)
print("318", v4[1] is v4[2], v4, v2[0].grad_fn.name())
v0 = torch.tensor([2.0], requires_grad=True)
v1 = torch.tile(v0, (1,))
v2 = torch.tensor([-0.25])
v3 = torch.autograd.grad([v1], [v0], grad_outputs=[v2], create_graph=True)
print("319", v3[0] is v2, v1.grad_fn.name())
v3 = torch.autograd.grad([v1], [v0], grad_outputs=[v2])
print("319 no cg", v3[0] is v2)
v1 = v0.repeat(1, 1)
v3 = torch.autograd.grad([v1], [v0], grad_outputs=[v2.reshape(1, 1)], create_graph=True)
print("repeat 2d", v3[0]._base is not None, v1.grad_fn.name())
v1 = v0.repeat(2)
v3 = torch.autograd.grad([v1], [v0], grad_outputs=[torch.ones(2)], create_graph=True)
print("repeat 2", v3[0].grad_fn)
g = torch.tensor(2.0, requires_grad=True)
r = torch.zeros(()).scatter(0, torch.tensor(0), g)
print(r, r.grad_fn.name(), [f.name() if f else None for f, _ in r.grad_fn.next_functions])
r.backward(); print(g.grad)
print(torch.zeros(()).scatter(0, torch.tensor(0), 5.0), torch.zeros(()).scatter_add(0, torch.tensor(0), torch.tensor(3.)))
print(torch.tensor(4.0).gather(0, torch.tensor(0)))
for f in ("max", "min", "median"):
    v = torch.tensor(0.25, requires_grad=True)
    out = getattr(v, f)(-1)
    (gr,) = torch.autograd.grad(out[0] ** 2, v, create_graph=True)
    print(f, gr, gr.grad_fn.name() if gr.grad_fn else None)
    gr.backward()
    print(v.grad)
x = torch.tensor(4.0, requires_grad=True)
y = x.gather(0, torch.tensor(0))
(gr,) = torch.autograd.grad(y * y, x, create_graph=True)
print(y, y.grad_fn.name(), gr, gr.grad_fn.name())
gr.backward()
print(x.grad)
try:
    torch.tensor(4.0).gather(0, torch.tensor(1))
except RuntimeError as e:
    print(e)
for f in ("sort", "topk", "kthvalue", "mode", "cummax", "cummin"):
    v = torch.tensor(0.25, requires_grad=True)
    try:
        out = v.sort() if f == "sort" else v.topk(1) if f == "topk" else v.kthvalue(1) if f == "kthvalue" else getattr(v, f)(0)
        (gr,) = torch.autograd.grad(out[0] ** 2, v, create_graph=True)
        g0 = torch.ones(())
        (gp,) = torch.autograd.grad(out[0], v, g0)
        print(f, gr, gr.grad_fn.name() if gr.grad_fn else None, gp is g0)
    except Exception as e:
        print(f, type(e).__name__, e)
