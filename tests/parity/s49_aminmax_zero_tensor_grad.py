# aminmax's backward adds the max's share into the min's in place: where the min's gradient is
# sgn's ZeroTensor and the max's is defined, PyTorch refuses it ("ZeroTensors are immutable");
# a ZeroTensor for the max alone, or the min's alone, passes (96:12193).
import torch


def run(label, f, cg):
    v0 = torch.tensor([0.75, 1.75, -1.75], requires_grad=True)
    try:
        out = f(v0)
        out.backward(create_graph=cg)
        print(label, cg, "ok", v0.grad.tolist())
    except RuntimeError as e:
        print(label, cg, "raised", str(e)[:60])


def both(result, a, b):
    return a(result[0]).sum() + b(result[1]).sum()


sg, sm = torch.sgn, (lambda t: t.sum())
for cg in (False, True):
    run("aminmax sgn,sum", lambda v: both(v.aminmax(), sg, sm), cg)
    run("aminmax sum,sgn", lambda v: both(v.aminmax(), sm, sg), cg)
    run("aminmax sgn,sgn", lambda v: both(v.aminmax(), sg, sg), cg)
    run("aminmax dim", lambda v: both(v.reshape(1, 3).aminmax(dim=1), sg, sm), cg)
    run("aminmax min only", lambda v: sg(v.aminmax()[0]), cg)
    run("aminmax keepdim", lambda v: both(v.aminmax(dim=0, keepdim=True), sg, sm), cg)
