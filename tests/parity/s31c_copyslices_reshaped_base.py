# A base reshaped in place under no_grad (unsqueeze_, t_, squeeze_), then written through a view
# (fuzz 27:3644): PyTorch's CopySlices builds the base's gradient in the base's shape now (its
# saved geometry), which the engine then refuses against the shape the graph recorded:
# "Function torch::autograd::CopySlices returned an invalid gradient at index 0 - got [...] but
# expected shape compatible with [...]", with and without create_graph. A shape that still
# broadcasts to the recorded one passes (summed).
import torch

F = torch.nn.functional


def run(shape, reshape, view, create_graph, hook=False):
    v0 = torch.arange(1.0, 1.0 + torch.Size(shape).numel()).reshape(shape).requires_grad_()
    v1 = v0.clone()
    with torch.no_grad():
        reshape(v1)
    v3 = view(v1)
    v3.square_()
    if hook:
        v3.grad_fn.register_hook(
            lambda gi, go: tuple(None if g is None else g * 2 for g in gi))
    loss = (v1 * torch.arange(float(v1.numel())).reshape(v1.shape)).sum()
    try:
        loss.backward(create_graph=create_graph)
        print(shape, create_graph, hook, v0.grad, v1.grad_fn.name())
    except RuntimeError as error:
        print(shape, create_graph, hook, "raised", error)


for create_graph in (False, True):
    for hook in (False, True):
        run((2,), lambda t: t.unsqueeze_(-1), lambda t: t.expand(2, 1), create_graph, hook)
        run((2, 3), lambda t: t.t_(), lambda t: t[1:], create_graph, hook)
        run((2, 1), lambda t: t.squeeze_(), lambda t: t[:1], create_graph, hook)
        run((3,), lambda t: t.unsqueeze_(0), lambda t: t[:, 1:], create_graph, hook)

# the fuzz program: kl_div of the in-place square of the expanded, unsqueezed clone
v0 = torch.tensor([2.0, -0.75], requires_grad=True)
v1 = v0.clone()
with torch.no_grad():
    v1.unsqueeze_(-1)
v3 = v1.expand(2, 1)
v4 = v3.square_()
v3.grad_fn.register_hook(lambda gi, go: tuple(None if g is None else g * 2 for g in gi))
v7 = F.kl_div(v4, torch.tensor([[0.9], [0.8]]), reduction="batchmean")
for _ in range(2):
    try:
        v7.backward(retain_graph=True, create_graph=True)
        print(v0.grad)
    except RuntimeError as error:
        print("raised", error)
