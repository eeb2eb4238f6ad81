"""``F.multilabel_margin_loss``: for each sample, the hinge ``max(0, 1 - (x[y] - x[i]))`` of
every target class ``y`` against every non-target class ``i``, averaged over the classes.
Its gradient, as PyTorch's, is not differentiable again."""
import numpy as np

from ..autograd.graph import ERROR_NODE_SEQ
from .margin_sums import multilabel_margin_rows, reduced_in_double
from .op import Op


def _targets(target_row):
    """The target classes of one sample: its labels up to the first -1."""
    stop = np.flatnonzero(target_row < 0)
    return target_row[:stop[0]] if stop.size else target_row


class MultilabelMarginLossBackward0(Op):
    arity = 1
    # (the target is saved too, as PyTorch's node saves it: an in-place write on it fails
    # backward's version check; the gradient uses the slopes found in forward)
    saved_names = ('self', 'target')

    def forward(self, a, target, reduction):
        self.save(a, target)
        x = a._data
        target = target._data
        rows = x.reshape(-1, x.shape[-1]) if x.ndim else x.reshape(1, 1)
        labels = target.reshape(rows.shape)
        classes = rows.shape[1]
        counts = np.zeros(rows.shape, np.int64)  # (the +g / -g steps of PyTorch's backward)
        chosen_per_row = [_targets(label_row) for label_row in labels]
        for n, (row, chosen) in enumerate(zip(rows, chosen_per_row)):
            others = np.ones(classes, bool)
            others[chosen] = False
            for y in chosen:
                active = others & ((1 - row[y] + row) > 0)
                counts[n, active] += 1
                counts[n, y] -= active.sum()
        sums = multilabel_margin_rows(rows, chosen_per_row)
        self.counts = counts.reshape(x.shape)
        self.reduction, self.batch = reduction, sums.size if x.ndim == 2 else 1
        if reduction == "none" and x.ndim == 2:
            with np.errstate(all="ignore"):
                losses = sums / x.dtype.type(classes)
            return losses.reshape(x.shape[:-1]) if x.ndim == 2 else losses.reshape(())
        return reduced_in_double(sums, reduction, classes)

    def backward(self, grad):
        a, _ = self.saved()
        return MultilabelMarginLossGrad.apply(grad, a, self.counts, self.reduction, self.batch)


class MultilabelMarginLossGrad(Op):
    """The loss's gradient: PyTorch records a node without a derivative for it, with edges
    to those of the incoming gradient and the loss's input that require grad."""

    node_name = "torch::autograd::NotImplemented"
    arity = 2

    def _link(self, inputs, adopted=None):
        super()._link([t for t in inputs if t.requires_grad], adopted)
        self._seq = ERROR_NODE_SEQ  # (PyTorch's error nodes run as soon as they are ready)

    def forward(self, grad, input, counts, reduction, batch):
        """PyTorch's kernel: each element's ``counts`` steps of ``+g`` / ``-g`` added one by
        one (``g``: 1 / classes, 1 / (rows * classes) for 'mean', in double, cast), then
        times the incoming gradient."""
        x, go = input._data, grad._data
        classes = x.shape[-1] if x.ndim else 1
        with np.errstate(all="ignore"):
            step = x.dtype.type(np.float64(1) / (batch * classes if reduction == "mean"
                                                 else classes))
            # (sums[k]: k steps added one by one; sums[0] = +0, an untouched element)
            sums = np.zeros(int(np.abs(counts).max(initial=0)) + 1, x.dtype)
            sums[1:] = np.add.accumulate(np.full(sums.size - 1, step, x.dtype))
            slopes = np.where(counts >= 0, sums[np.maximum(counts, 0)],
                              x.dtype.type(0) - sums[np.maximum(-counts, 0)])
            if reduction == "none" and go.ndim:
                return slopes * go[..., None]
            return slopes * go

    def backward(self, grad):
        raise RuntimeError("derivative for aten::multilabel_margin_loss_backward is not "
                           "implemented")


MultilabelMarginLossGrad.__name__ = MultilabelMarginLossGrad.__qualname__ = "NotImplemented"

