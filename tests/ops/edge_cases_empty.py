"""Edge cases with empty tensors (a batch of 0, a dim of size 0) and the other shapes at the
ends of the ops' ranges: values, gradients, errors and warnings as PyTorch gives them (run
through edge_cases.CASES)."""


def _grads(torch, out, leaves):
    """``out`` and the gradients of ``out.sum()`` for ``leaves`` (None where unused)."""
    if isinstance(out, tuple):
        out = out[0]
    return (out,) + tuple(torch.autograd.grad(out.sum(), leaves, allow_unused=True))


def _leaf(torch, *shape, value=1.0):
    return torch.full(shape, value, requires_grad=True)


def _conv(torch, F, name, x_shape, w_shape, bias=True, **kw):
    x, w = _leaf(torch, *x_shape), _leaf(torch, *w_shape)
    out_channels = w_shape[1] * kw.get("groups", 1) if "transpose" in name else w_shape[0]
    leaves = [x, w] + ([_leaf(torch, out_channels, value=2.0)] if bias else [])
    return _grads(torch, getattr(F, name)(*leaves, **kw), leaves)


def _pool(torch, F, name, shape, *args, **kw):
    x = _leaf(torch, *shape)
    return _grads(torch, getattr(F, name)(x, *args, **kw), [x])


def _norm(torch, F, name, shape, *args, **kw):
    x = _leaf(torch, *shape)
    return _grads(torch, getattr(F, name)(x, *args, **kw), [x])


def _batch_norm_empty(torch, F):
    mean, var = torch.zeros(4), torch.ones(4)
    x, w, b = _leaf(torch, 0, 4, 3), _leaf(torch, 4), _leaf(torch, 4, value=0.5)
    out = F.batch_norm(x, mean, var, w, b, training=True)
    return _grads(torch, out, [x, w, b]) + (mean, var)


def _instance_norm_stats(torch, F):
    mean, var = torch.zeros(4), torch.ones(4)
    F.instance_norm(torch.zeros(0, 4, 3), mean, var)
    return mean, var


def _max_pool_padding_window(torch, F, shape, **kw):
    x = torch.arange(float(torch.tensor(shape).prod())).reshape(shape).requires_grad_()
    pool = F.max_pool2d if len(shape) == 4 else F.max_pool1d
    out, index = pool(x, return_indices=True, **kw)
    (grad,) = torch.autograd.grad(out.sum(), x)
    out = pool(x, **kw)
    (again,) = torch.autograd.grad((out * out).sum(), x, create_graph=True)
    return out, index, grad, torch.autograd.grad(again.sum(), x)[0]


def _einsum(torch, equation, *shapes):
    leaves = [torch.arange(float(torch.tensor(s).prod())).reshape(s).requires_grad_()
              for s in shapes]
    out = torch.einsum(equation, *leaves)
    return (out,) + tuple(torch.autograd.grad(out.sum(), leaves, allow_unused=True))


EMPTY = {
    "conv2d-empty-batch": lambda torch, F: _conv(torch, F, "conv2d", (0, 2, 5, 3), (3, 2, 2, 2)),
    "conv2d-empty-batch-strided": lambda torch, F: _conv(
        torch, F, "conv2d", (0, 2, 5, 3), (3, 2, 2, 2), stride=2, padding=1),
    "conv2d-no-input-channels": lambda torch, F: _conv(
        torch, F, "conv2d", (2, 0, 5, 3), (3, 0, 2, 2)),
    "conv1d-empty-batch": lambda torch, F: _conv(torch, F, "conv1d", (0, 2, 5), (3, 2, 2)),
    "conv1d-no-input-channels": lambda torch, F: _conv(torch, F, "conv1d", (2, 0, 5), (3, 0, 2)),
    "conv_transpose2d-empty-batch": lambda torch, F: _conv(
        torch, F, "conv_transpose2d", (0, 2, 5, 3), (2, 3, 2, 2), stride=2),
    "conv_transpose1d-empty-batch": lambda torch, F: _conv(
        torch, F, "conv_transpose1d", (0, 2, 5), (2, 3, 2), stride=2, output_padding=1),
    "conv2d-no-output-channels": lambda torch, F: _conv(
        torch, F, "conv2d", (2, 2, 5, 3), (0, 2, 2, 2), bias=False),
    "conv2d-empty-spatial": lambda torch, F: _conv(
        torch, F, "conv2d", (2, 2, 0, 3), (3, 2, 1, 1), padding=1),
    "conv_transpose2d-zero-output-size": lambda torch, F: _conv(
        torch, F, "conv_transpose2d", (2, 1, 2, 2), (1, 1, 2, 1), padding=1),
    "linear-empty-features": lambda torch, F: _grads(
        torch, F.linear(x := _leaf(torch, 0, 2, 0), w := _leaf(torch, 4, 0)), [x, w]),
    "matmul-empty-inner-3d": lambda torch, F: torch.zeros(2, 2, 0) @ torch.ones(0, 4),
    "max_pool2d-empty-batch": lambda torch, F: _pool(torch, F, "max_pool2d", (0, 2, 4, 4), 2),
    "avg_pool2d-empty-batch": lambda torch, F: _pool(torch, F, "avg_pool2d", (0, 2, 4, 4), 2),
    "lp_pool2d-empty-batch": lambda torch, F: _pool(torch, F, "lp_pool2d", (0, 2, 4, 4), 2, 2),
    "max_pool1d-empty-batch": lambda torch, F: _pool(torch, F, "max_pool1d", (0, 2, 4), 2),
    "avg_pool1d-empty-batch": lambda torch, F: _pool(torch, F, "avg_pool1d", (0, 2, 4), 2),
    "adaptive_max_pool2d-empty-batch": lambda torch, F: _pool(
        torch, F, "adaptive_max_pool2d", (0, 2, 4, 4), 2),
    "adaptive_avg_pool2d-no-channels": lambda torch, F: F.adaptive_avg_pool2d(
        torch.zeros(2, 0, 4, 4), 2),
    "max_pool2d-empty-channels": lambda torch, F: F.max_pool2d(torch.zeros(2, 0, 4, 4), 2),
    "max_pool1d-empty-channels": lambda torch, F: F.max_pool1d(torch.zeros(2, 0, 4), 2),
    "max_pool2d-3d-empty": lambda torch, F: F.max_pool2d(torch.zeros(0, 4, 4), 2),
    "avg_pool2d-empty-batch-too-small": lambda torch, F: F.avg_pool2d(
        torch.zeros(0, 1, 1, 5), 3),
    "adaptive_max_pool2d-empty-channels": lambda torch, F: F.adaptive_max_pool2d(
        torch.zeros(2, 0, 4, 4), 2),
    "adaptive_avg_pool2d-empty-height": lambda torch, F: F.adaptive_avg_pool2d(
        torch.zeros(2, 2, 0, 4), 2),
    "adaptive_max_pool1d-empty-length": lambda torch, F: F.adaptive_max_pool1d(
        torch.zeros(2, 2, 0), 2),
    "max_pool1d-window-of-padding": lambda torch, F: _max_pool_padding_window(
        torch, F, (1, 1), kernel_size=2, stride=2, padding=1, dilation=2, ceil_mode=True),
    "max_pool2d-window-of-padding-aliasing": lambda torch, F: _max_pool_padding_window(
        torch, F, (1, 1, 2, 2), kernel_size=(1, 2), stride=(1, 3), padding=(0, 1),
        dilation=(1, 3), ceil_mode=True),
    "group_norm-empty-batch": lambda torch, F: _norm(torch, F, "group_norm", (0, 4, 3), 2),
    "group_norm-one-value-per-group": lambda torch, F: F.group_norm(torch.ones(1, 4, 1), 4),
    "batch_norm-empty-batch": _batch_norm_empty,
    "batch_norm-empty-eval-sizes-unchecked": lambda torch, F: F.batch_norm(
        torch.zeros(0, 3), torch.zeros(2), torch.ones(2)),
    "batch_norm-no-channels-weight": lambda torch, F: F.batch_norm(
        torch.zeros(2, 0, 3), None, None, torch.ones(0), training=True),
    "batch_norm-no-channels": lambda torch, F: _norm(
        torch, F, "batch_norm", (2, 0, 3), None, None, training=True),
    "instance_norm-empty-batch": lambda torch, F: _norm(torch, F, "instance_norm", (0, 4, 3)),
    "instance_norm-no-channels": lambda torch, F: _norm(torch, F, "instance_norm", (2, 0, 3)),
    "instance_norm-empty-batch-running-stats": _instance_norm_stats,
    "instance_norm-one-element": lambda torch, F: F.instance_norm(torch.ones(2, 4, 1)),
    "layer_norm-empty-batch": lambda torch, F: _norm(torch, F, "layer_norm", (0, 4, 3), (3,)),
    "median-empty": lambda torch, F: _grads(torch, (lambda x: x.median())(x := _leaf(
        torch, 0)), [x]),
    "median-dim-empty": lambda torch, F: torch.zeros(0, 3).median(0),
    "median-dim-of-empty": lambda torch, F: torch.zeros(0, 3).median(1),
    "amin-empty-negative-dim": lambda torch, F: torch.zeros(0, 3).amin(-2),
    "matrix_norm-empty": lambda torch, F: [
        torch.linalg.matrix_norm(torch.zeros(shape), order) for shape in ((0, 3), (2, 0))
        for order in (1, float("inf"), "fro")],
    "matrix_norm-empty-negative-order": lambda torch, F: torch.linalg.matrix_norm(
        torch.zeros(2, 0), -1),
    "nll_loss-empty-spatial-batch": lambda torch, F: _grads(torch, F.nll_loss(
        x := _leaf(torch, 0, 3, 1, 2, 1), torch.zeros(0, 1, 2, 1, dtype=torch.long)), [x]),
    "einsum-empty-broadcast": lambda torch, F: torch.einsum(
        "bn,anm,bm->ba", torch.zeros(0, 1), torch.ones(1, 1, 1), torch.zeros(0, 1)),
    "einsum-empty-inner": lambda torch, F: _einsum(torch, "ij,jk->ik", (2, 0), (0, 2)),
    "einsum-size-one-broadcast": lambda torch, F: _einsum(
        torch, "...ij,...jk->...ik", (2, 1, 2, 3), (1, 3, 3, 2)),
    "einsum-size-one-batch": lambda torch, F: _einsum(torch, "bi,bj->b", (1, 2), (3, 2)),
    "softmax-empty-int": lambda torch, F: (F.softmax(torch.zeros(0, 1, dtype=torch.long), 1),
                                           F.log_softmax(torch.zeros(0, dtype=torch.long), 0)),
    "softmax-int-0d": lambda torch, F: F.softmax(torch.tensor(3), 0),
    "movedim-0d": lambda torch, F: _grads(torch, (x := _leaf(torch)).movedim(-1, -1), [x]),
    "movedim-repeated": lambda torch, F: torch.ones(2, 3).movedim((0, 1), (0, 0)),
    "mean-empty": lambda torch, F: _grads(torch, (x := _leaf(torch, 1, 0, 3)).mean(), [x]),
    "mean-dim-empty": lambda torch, F: torch.zeros(0, 3).mean(0),
    "losses-empty-mean": lambda torch, F: [
        loss(torch.zeros(0), torch.zeros(0)) for loss in (
            F.l1_loss, F.mse_loss, F.smooth_l1_loss, F.poisson_nll_loss,
            F.hinge_embedding_loss, F.soft_margin_loss)],
}
