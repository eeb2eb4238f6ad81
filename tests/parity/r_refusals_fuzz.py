# Phase 3 (fuzz): refusals and error messages PyTorch gives where hookgrad worked or said
# something else. Each section pins one cause (the numbers of the fix task; 4, ZeroTensor
# propagation through mul / div / views, is a known gap).
import torch


def attempt(label, run):
    try:
        result = run()
        print(label, "ok", result if not isinstance(result, torch.Tensor) else result.tolist())
    except (RuntimeError, TypeError) as error:
        print(label, type(error).__name__, str(error).splitlines()[0])


# 1. A view made while its base needed no grad; the base then gets history from an in-place
# op. Until something reads the view's grad_fn (an op taking it as input, .grad_fn, .is_leaf),
# PyTorch's in-place check sees the view's stored node, none: refused as a leaf. Reading
# requires_grad, _version or output_nr does not create the node.
def view_then_base_gets_history(name, before, after, op, base_op):
    v0 = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    other = torch.tensor([[1.5, 1.5], [1.5, 1.5]], requires_grad=True)
    view = v0[1:]
    before(view)
    base_op(v0, other)
    after(view)
    attempt(name, lambda: (op(view), view.grad_fn.name(), view._version)[1:])


def nothing(view):
    return None


def read_grad_fn(view):
    return view.grad_fn


def fill(view):
    return view.fill_(0.25)


def less_equal(base, other):
    return base.less_equal_(other)


view_then_base_gets_history("1 untouched", nothing, nothing, fill, less_equal)
view_then_base_gets_history("1 grad_fn before", read_grad_fn, nothing, fill, less_equal)
view_then_base_gets_history("1 grad_fn after", nothing, read_grad_fn, fill, less_equal)
view_then_base_gets_history("1 is_leaf after", nothing, lambda v: v.is_leaf, fill, less_equal)
view_then_base_gets_history("1 requires_grad after", nothing, lambda v: v.requires_grad, fill,
                            less_equal)
view_then_base_gets_history("1 _version after", nothing, lambda v: v._version, fill, less_equal)
view_then_base_gets_history("1 output_nr after", nothing, lambda v: v.output_nr, fill,
                            less_equal)
view_then_base_gets_history("1 used as input after", nothing, lambda v: v * 2, fill, less_equal)
view_then_base_gets_history("1 mul_", nothing, nothing, lambda v: v.mul_(2), less_equal)
view_then_base_gets_history("1 base add_", nothing, nothing, fill, lambda a, b: a.add_(b))
view_then_base_gets_history("1 base copy_", nothing, nothing, lambda v: v.add_(1),
                            lambda a, b: a.copy_(b))
view_then_base_gets_history("1 unsqueeze_", nothing, nothing, lambda v: v.unsqueeze_(0),
                            less_equal)
view_then_base_gets_history("1 requires_grad_ after", nothing, nothing,
                            lambda v: v.requires_grad_(), less_equal)


def refused_twice():
    v0 = torch.tensor([1.0, 2.0])
    view = v0[1:]
    v0.mul_(torch.tensor([2.0, 2.0], requires_grad=True))
    attempt("1 first", lambda: view.fill_(1.0))
    attempt("1 second", lambda: view.fill_(1.0))
    print("1 after", view.requires_grad, view.is_leaf, view.grad_fn.name())
    attempt("1 third", lambda: view.fill_(1.0))
    (v0 * 1).sum().backward()


refused_twice()


# 2. index_add and index_copy save their index tensor with its version (index_add only for
# source's gradient): an in-place write into the index before backward is refused.
def index_written_before_backward(name, make, self_grad, source_grad, index=(0,)):
    start = torch.tensor([1.0, 2.0, 3.0], requires_grad=self_grad)
    target = start.clone() if self_grad else start
    idx = torch.tensor(list(index), dtype=torch.int64)
    source = torch.ones(len(index), requires_grad=source_grad)
    result = make(target, idx, source)
    torch.nn.functional.relu_(idx)
    attempt(name, lambda: (result.sum().backward(), start.grad if self_grad else None,
                           source.grad)[1:])


for self_grad, source_grad in ((True, True), (True, False), (False, True)):
    for index in ((0,), ()):
        label = f"{self_grad:d}{source_grad:d}{len(index)}"
        index_written_before_backward("2 index_add_ " + label,
                                      lambda t, i, s: t.index_add_(0, i, s),
                                      self_grad, source_grad, index)
        index_written_before_backward("2 index_add " + label,
                                      lambda t, i, s: torch.index_add(t, 0, i, s, alpha=2),
                                      self_grad, source_grad, index)
        index_written_before_backward("2 index_copy_ " + label,
                                      lambda t, i, s: t.index_copy_(0, i, s),
                                      self_grad, source_grad, index)
        index_written_before_backward("2 index_copy " + label,
                                      lambda t, i, s: torch.index_copy(t, 0, i, s),
                                      self_grad, source_grad, index)


def index_select_double_backward():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    idx = torch.tensor([2, 0])
    (grad,) = torch.autograd.grad(x.index_select(0, idx).pow(2).sum(), x, create_graph=True)
    print("2 double backward graph", grad.grad_fn.name(), grad.tolist())
    idx.add_(0)
    attempt("2 double backward", lambda: (grad.sum().backward(), x.grad)[1])


index_select_double_backward()


# 3. clamp with two tensor bounds: PyTorch's backward combines each input's two masks in
# place into the first, refusing a second mask of a larger shape.
def clamp_backward(label, x, low, high, create_graph=False):
    def run():
        result = torch.clamp(x, min=low, max=high)
        leaves = [t for t in (x, low, high) if isinstance(t, torch.Tensor) and t.requires_grad]
        grads = torch.autograd.grad(result.sum(), leaves, create_graph=create_graph)
        return result.grad_fn.name(), [g.tolist() for g in grads]
    attempt(label, run)


def T(values, grad=False):
    return torch.tensor(values, requires_grad=grad)


clamp_backward("3 max 0-d", T(-0.75), T([0.0, float("nan")]), T(1.0, True))
clamp_backward("3 max 0-d create_graph", T(-0.75), T([0.0, 0.5]), T(1.0, True), True)
clamp_backward("3 input and max", T(-0.75, True), T([0.0, 0.5]), T(1.0, True))
clamp_backward("3 input, min larger", T(-0.75, True), T([0.0, 0.5]), T(1.0))
clamp_backward("3 input, max larger", T(-0.75, True), T(0.0), T([1.0, 3.0]))
clamp_backward("3 min 0-d, max larger", T(-0.75), T(0.5, True), T([1.0, 2.0]))
clamp_backward("3 min and max", T(-0.75), T(0.5, True), T([1.0, 2.0], True))
clamp_backward("3 max larger", T(-0.75), T(0.5), T([1.0, 2.0], True))
clamp_backward("3 rows", T([[-0.75]]), T([0.0, 0.5]), T([1.0], True))
clamp_backward("3 input larger", T([-0.75, 1.0]), T(0.0, True), T(1.0, True))
clamp_backward("3 number max", T(-0.75, True), T([0.0, 0.5], True), 1.0)
clamp_backward("3 number min", T(-0.75, True), 0.0, T([1.0, 3.0], True))
clamp_backward("3 min only", T(-0.75, True), T([0.0, 0.5], True), None)


# 5. The modified-by-an-inplace-operation message. (a) The result an op applied in place
# through a view saved names the view's grad_fn as of the write while that node lives; a
# pass without retain_graph drops the op inside each CopySlices it runs, and with it the op's
# edge to that node: then the message names the op itself. (b) A saved input that is a view
# names its grad_fn as read now, regenerated if its base got history since.
def saved_view_result(label, modify, keep_node=False, retain_graph=False):
    base = torch.tensor([[-0.5, -1.75], [1.0, -2.0]])
    view = base.flatten()
    exponent = torch.tensor([2.0, -0.5, -0.25, 0.0], requires_grad=True)
    view.pow_(exponent)
    node = view.grad_fn
    other = modify(view)
    if not keep_node:
        del node
    attempt(label, lambda: view.sum().backward(retain_graph=retain_graph))
    return other


weights = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
saved_view_result("5 mul_ number", lambda v: v.mul_(0.5))
saved_view_result("5 mul_ number, node kept", lambda v: v.mul_(0.5), keep_node=True)
saved_view_result("5 mul_ number, retain_graph", lambda v: v.mul_(0.5), retain_graph=True)
saved_view_result("5 mul_ tensor", lambda v: v.mul_(weights))
saved_view_result("5 pow_", lambda v: v.pow_(2))
saved_view_result("5 mul_ itself", lambda v: v.mul_(v))
saved_view_result("5 copy_", lambda v: v.copy_(weights))
saved_view_result("5 used, then mul_", lambda v: (v * 1, v.mul_(0.5))[0])


def no_grad_mode_write(view):
    with torch.no_grad():
        view.mul_(0.5)


saved_view_result("5 mul_ in no_grad", no_grad_mode_write)
saved_view_result("5 mul_ in no_grad, node kept", no_grad_mode_write, keep_node=True)


def saved_input_view():
    v0 = torch.tensor([[[0.5, 0.0], [1.25, 0.5]], [[-1.25, -2.0], [-1.25, -1.25]],
                       [[0.5, -1.0], [1.5, 1.75]]])
    v1 = torch.tensor([[1.159, 0.495], [-0.77, -0.442]], requires_grad=True)
    product = torch.matmul(v0, v1)
    mask = torch.tensor([[[True, False], [True, False]], [[True, True], [False, True]]])
    v0[::2].masked_scatter_(mask, torch.arange(6.0, requires_grad=True))
    attempt("5 saved input view", lambda: product.sum().backward())


saved_input_view()


# 6. An in-place op on a view made in no_grad mode: a view of such a view made in grad mode
# has a node of its own, and PyTorch's refusal names it ("Output 0 of Expand is a view of a
# view which was created in no_grad mode ..."); one without says "A view was created ...".
# In-place view ops (unsqueeze_, t_, ...) refuse the same way.
def no_grad_view_written(label, make_view, op=lambda v: v.tanh_()):
    leaf = torch.tensor([[-0.4, -0.228, 1.354], [-1.703, 0.426, 1.078],
                         [2.134, 0.49, 1.791]], requires_grad=True)

    def run():
        view = make_view(leaf)
        print(label, view.requires_grad, view.grad_fn.name() if view.grad_fn else None)
        return op(view).grad_fn.name()
    attempt(label, run)


def made_without_grad(make):
    def view_of(leaf):
        with torch.no_grad():
            return make(leaf)
    return view_of


row = made_without_grad(lambda t: t[0])
no_grad_view_written("6 expand", lambda t: made_without_grad(
    lambda t: torch.diagonal(t, offset=-1))(t).broadcast_to((2,)))
no_grad_view_written("6 slice", lambda t: row(t)[1:])
no_grad_view_written("6 view", lambda t: row(t).view(3))
no_grad_view_written("6 itself", row)
no_grad_view_written("6 slice in no_grad", made_without_grad(lambda t: t[0][1:]))
no_grad_view_written("6 unbind, slice", lambda t: made_without_grad(
    lambda t: t.unbind(0)[0])(t)[1:])
no_grad_view_written("6 unbind", made_without_grad(lambda t: t.unbind(0)[0]))
no_grad_view_written("6 unbind in grad mode", lambda t: (t * 1).unbind(0)[0][1:])
no_grad_view_written("6 slice unsqueeze_", lambda t: row(t)[1:], lambda v: v.unsqueeze_(0))
no_grad_view_written("6 slice t_", lambda t: row(t)[1:], lambda v: v.t_())
no_grad_view_written("6 itself unsqueeze_", row, lambda v: v.unsqueeze_(0))
no_grad_view_written("6 expand mul_", lambda t: row(t).expand(2, 3), lambda v: v.mul_(2))
no_grad_view_written("6 slice of slice", lambda t: row(t)[1:][0:], lambda v: v.mul_(2))
no_grad_view_written("6 unbind unsqueeze_", lambda t: (t * 1).unbind(0)[0],
                     lambda v: v.unsqueeze_(0))
