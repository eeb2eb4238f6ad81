# Fuzz (20,000 programs, seed 1): crashes where PyTorch works and refusals hookgrad missed.
import torch

F = torch.nn.functional


def attempt(label, run):
    try:
        print(label, run())
    except Exception as error:
        print(label, type(error).__name__, error)


# A view whose base came to require grad through an in-place write requires grad itself before
# anything reads its grad_fn: retain_grad and backward(inputs=[view]) accept it.
def retain_grad_of_view_of_written_base():
    base = torch.tensor([[1.0, -1.25], [1.5, 0.25]])
    flat = base.view(-1)
    print("before the write:", flat.grad_fn)
    base[-2,] = torch.tensor(1.75, requires_grad=True)
    flat.retain_grad()
    return flat.requires_grad, flat.is_leaf, flat.grad_fn.name()


def backward_inputs_sibling_view():
    whole = torch.tensor([[2.0, -1.0, 1.25]])
    parts = whole.tensor_split([0, 0])
    source = torch.tensor([[-1.0, 0.375, -1.25]], requires_grad=True)
    print("written:", parts[2].copy_(source).grad_fn.name())
    other = torch.tensor([0.5, 1.5], requires_grad=True)
    other.sum().backward(inputs=[parts[0]])
    return parts[0].grad, other.grad, parts[0].requires_grad


def post_accumulate_hook_on_view_of_written_base():
    base = torch.zeros(3)
    view = base[1:]
    print("before the write:", view.grad_fn)
    base[1] = torch.tensor(2.0, requires_grad=True)
    view.register_post_accumulate_grad_hook(lambda t: None)


attempt("retain_grad_of_view_of_written_base", retain_grad_of_view_of_written_base)
attempt("backward_inputs_sibling_view", backward_inputs_sibling_view)
attempt("post_accumulate_hook_on_view_of_written_base",
        post_accumulate_hook_on_view_of_written_base)


# baddbmm, addbmm and addr save each factor only for the other's gradient (as PyTorch): with
# only the added input requiring grad nothing is saved, and a second backward works.
def second_backward_of_product_sum(name, fn, shapes, which):
    inputs = [torch.ones(*shape) * 0.5 for shape in shapes]
    inputs[which].requires_grad_()
    out = fn(*inputs)
    print(name, which, "saved:", [getattr(out.grad_fn, "_saved_" + saved) is None
                                  for saved in names_of[name]])
    out.backward(torch.ones_like(out))
    attempt(f"  {name} {which} again", lambda: torch.autograd.grad(
        out, inputs[which], torch.ones_like(out), create_graph=True)[0].sum().item())


names_of = {"baddbmm": ("batch1", "batch2"), "addbmm": ("batch1", "batch2"),
            "addr": ("vec1", "vec2")}
for which in range(3):
    second_backward_of_product_sum("baddbmm", torch.baddbmm, [(1, 3), (2, 1, 3), (2, 3, 3)],
                                   which)
    second_backward_of_product_sum("addbmm", torch.addbmm, [(1, 3), (2, 1, 3), (2, 3, 3)], which)
    second_backward_of_product_sum("addr", torch.addr, [(2, 3), (2,), (3,)], which)


# adaptive_avg_pool's backward refuses an empty non-batch dimension: every dimension after the
# first, so an unbatched (C, H, W) input with no channels has a gradient.
def adaptive_pool_backward(fn, shape, size):
    x = torch.zeros(shape).requires_grad_()
    out = fn(x, size)
    out.sum().backward()
    return tuple(out.shape), tuple(x.grad.shape)


for fn, shape, size in [(F.adaptive_avg_pool2d, (0, 1, 3), 3), (F.adaptive_avg_pool1d, (0, 3), 2),
                        (F.adaptive_avg_pool1d, (2, 0, 3), 2),
                        (F.adaptive_avg_pool2d, (0, 1, 2, 3), 2),
                        (F.adaptive_avg_pool2d, (1, 0, 2, 3), 2),
                        (F.adaptive_avg_pool2d, (1, 2, 0, 3), 2)]:
    attempt(f"{fn.__name__} {shape}", lambda: adaptive_pool_backward(fn, shape, size))  # noqa: B023


# register_hook adds to a tensor's existing hook dict without reading grad_fn (PyTorch): on a
# view whose base changed in place since the dict was made, later hooks join the old node's
# dict and do not fire; retain_grad moves to the regenerated node.
def hooks_after_view_regeneration(written_view, remove_first):
    w = torch.tensor([[0.5, -2.0, -1.0]], requires_grad=True)
    if written_view:
        base = torch.tensor([-1.5, -1.5, -0.25])
        view = base.unsqueeze(0)
        view.mul_(w)
    else:
        base = (w * 1).view(-1)
        view = base[1:]
    handle = view.register_hook(lambda g: print("  first hook", g))
    if remove_first:
        handle.remove()
    base.mul_(2)
    view.register_hook(lambda g: print("  later hook", g))
    view.retain_grad()
    view.sum().backward()
    return view.grad, w.grad


for written_view in (True, False):
    for remove_first in (False, True):
        attempt(f"hooks_after_view_regeneration {written_view} {remove_first}",
                lambda: hooks_after_view_regeneration(written_view, remove_first))  # noqa: B023


def hook_writing_sum_gradient_on_stale_view():
    base = torch.tensor([-1.5, -1.5, -0.25])
    view = base.unsqueeze(0)
    w = torch.tensor([[0.5, -2.0, -1.0]], requires_grad=True)
    view.mul_(w)
    view.register_hook(lambda g: g * 2)
    base.zero_()
    view.register_hook(lambda g: g.mul_(3))
    view.sum().backward(create_graph=True)
    return w.grad


attempt("hook_writing_sum_gradient_on_stale_view", hook_writing_sum_gradient_on_stale_view)


# aminmax saves its input and both outputs (as PyTorch's node): an in-place write on either
# output fails the version check when the node runs.
def aminmax_min_written_then_grad_of_max():
    x = torch.tensor([[1.5, 0.25], [-0.5, 1.5]], requires_grad=True)
    result = torch.aminmax(x)
    result[0].arctanh_()
    return torch.autograd.grad([result[1]], [x])


def aminmax_max_written_then_backward_of_min():
    x = torch.tensor(-0.25, requires_grad=True)
    result = torch.aminmax(x)
    result[1][...] = torch.tensor(-1)
    result[0].sum().backward(create_graph=True)
    return x.grad


def aminmax_double_backward_and_saved():
    x = torch.tensor([[1.5, 0.25], [-0.5, 1.5]], requires_grad=True)
    result = x.aminmax(dim=1, keepdim=True)
    grad = torch.autograd.grad(result.min.sum() + 2 * result.max.sum(), x, create_graph=True)
    node = result.min.grad_fn
    return grad, node._saved_min, node._saved_max, node._saved_self


def aminmax_without_grad_written():
    result = torch.tensor([[1.5, 0.25], [-0.5, 1.5]]).aminmax(dim=0)
    result.min.mul_(2)
    return result


for check in (aminmax_min_written_then_grad_of_max, aminmax_max_written_then_backward_of_min,
              aminmax_double_backward_and_saved, aminmax_without_grad_written):
    attempt(check.__name__, check)


# vector_norm of an empty tensor (or over an empty dimension) with a negative order, or inf,
# is refused: the reduction has no identity; positive orders and 0 give 0.
for order in (-1, -2.0, -0.5, 0, 1, 2, float("inf"), float("-inf")):
    for shape, dim in (((0,), None), ((2, 0), None), ((2, 0), 1), ((2, 0), 0), ((0, 3), (0, 1))):
        attempt(f"vector_norm {order} {shape} {dim}",
                lambda: torch.linalg.vector_norm(torch.zeros(shape), order, dim=dim))  # noqa: B023
attempt("Tensor.norm -2 of (1, 0)", lambda: torch.zeros(1, 0).norm(-2))
attempt("norm -2 over dim 1 of (1, 0)", lambda: torch.norm(torch.zeros(1, 0), -2, dim=1))


# binary_cross_entropy saves its weight, and the with-logits loss its weight and pos_weight (as
# PyTorch's nodes): an in-place write on one fails the version check in backward.
def bce_weight_written(expand, logits, write):
    x = torch.full((2, 2, 2), 0.25, requires_grad=True)
    target = torch.full((2, 2, 2), 0.75)
    weight = torch.tensor([[0.5, 1.5], [2.0, 1.0]]) if expand else torch.full((2, 2, 2), 1.5)
    pos_weight = torch.tensor([2.0, 0.5])
    if logits:
        loss = F.binary_cross_entropy_with_logits(x, target, weight=weight, pos_weight=pos_weight)
    else:
        loss = F.binary_cross_entropy(x, target, weight=weight)
    if write == "weight":
        weight.mul_(2)
    elif write == "pos_weight":
        pos_weight.add_(1)
    grad = torch.autograd.grad(loss, x, create_graph=True)[0]
    return grad.sum(), loss.grad_fn._saved_weight is None


for logits in (False, True):
    for expand in (False, True):
        for write in (None, "weight", "pos_weight"):
            attempt(f"bce logits={logits} expand={expand} write={write}",
                    lambda: bce_weight_written(expand, logits, write))  # noqa: B023


# batch_norm saves the running statistics (as PyTorch's node; its own update of them does not
# bump their version): an in-place write on one before backward fails the version check.
def batch_norm_running_stats_written(training, write, create_graph):
    x = torch.tensor([[2.0, 1.0], [-0.5, 0.25], [1.0, 3.0]], requires_grad=True)
    running_mean, running_var = torch.zeros(2), torch.ones(2)
    weight = torch.tensor([0.5, 1.5], requires_grad=True)
    y = F.batch_norm(x, running_mean, running_var, weight=weight, bias=None, training=training)
    print("  versions", running_mean._version, running_var._version)
    if write == "mean":
        running_mean.add_(1)
    elif write == "var":
        running_var.log2_()
    grads = torch.autograd.grad((y * y).sum(), [x, weight], create_graph=create_graph)
    return [round(g.sum().item(), 3) for g in grads]


for training in (True, False):
    for write in (None, "mean", "var"):
        for create_graph in (False, True):
            attempt(f"batch_norm training={training} write={write} create_graph={create_graph}",
                    lambda: batch_norm_running_stats_written(  # noqa: B023
                        training, write, create_graph))  # noqa: B023


# retain_grad asks whether the tensor is a leaf without regenerating a view's grad_fn: on a view
# whose base came to require grad, with no grad_fn read since, it does nothing; after a read of
# grad_fn it retains. backward(inputs=[view]) reads grad_fn first, so the view gets its .grad.
def retain_grad_on_stale_view(read_first, as_input):
    base = torch.tensor([[1.0, -1.25], [1.5, 0.25]])
    flat = base.view(-1)
    base[-2,] = torch.tensor(1.75, requires_grad=True)
    if read_first:
        flat.grad_fn  # noqa: B018
    if not as_input:
        flat.retain_grad()
    loss = (flat * flat).sum()
    if as_input:
        loss.backward(inputs=[flat])
    else:
        loss.backward()
    return flat.retains_grad, flat.grad


for read_first in (False, True):
    for as_input in (False, True):
        attempt(f"retain_grad_on_stale_view read_first={read_first} as_input={as_input}",
                lambda: retain_grad_on_stale_view(read_first, as_input))  # noqa: B023
