# floor_divide_ (and //=) through a view has no derivative: the base's CopySlices calls it
# even when backward(inputs=[base]) needs none of its gradients, and raises PyTorch's error
# (fuzz 21:13962); autograd.grad capturing the base does not run it. Out of place, in place
# without a view, remainder and fmod, with and without create_graph, as PyTorch.
import torch


def attempt(label, f, *args):
    try:
        print(label, f(*args))
    except RuntimeError as error:
        print(label, "raised", error)


def run(v0, v1, v2, v3, create_graph, inputs, chosen):
    v2.sum().backward(create_graph=create_graph, **chosen)
    return v0.grad, v1.grad if inputs == "v1" else None, v3.grad


for create_graph in (False, True):
    for inputs in ("v1", "v0", "v3", None):
        for view in (True, False):
            for op in ("floor_divide_", "remainder_", "fmod_", "ifloordiv"):
                v0 = torch.tensor([[-1.5, 2.0], [-2.0, -0.5]], requires_grad=True)
                v1 = v0 * 1
                v2 = v1.view(-1) if view else v1
                v3 = torch.tensor(-0.25, requires_grad=True)
                if op == "ifloordiv":
                    v2 //= v3
                else:
                    getattr(v2, op)(v3)
                chosen = {} if inputs is None else {"inputs": [dict(v0=v0, v1=v1, v3=v3)[inputs]]}
                attempt(f"{op} create_graph={create_graph} inputs={inputs} view={view}", run,
                        v0, v1, v2, v3, create_graph, inputs, chosen)
    v0 = torch.tensor([[-1.5, 2.0], [-2.0, -0.5]], requires_grad=True)
    v1 = v0 * 1
    v1.view(-1).floor_divide_(torch.tensor(2.0, requires_grad=True))
    attempt("grad of the base", torch.autograd.grad, v1.sum(), [v1])
