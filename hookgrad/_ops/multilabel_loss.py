"""``F.multilabel_margin_loss``: for each sample, the hinge ``max(0, 1 - (x[y] - x[i]))`` of
every target class ``y`` against every non-target class ``i``, averaged over the classes.
Its gradient, as PyTorch's, is not differentiable again."""
import numpy as np

from ..autograd.graph import ERROR_NODE_SEQ
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
        losses = np.zeros(rows.shape[0], x.dtype)
        slopes = np.zeros(rows.shape, x.dtype)
        for n, (row, label_row) in enumerate(zip(rows, labels)):
            chosen = _targets(label_row)
            others = np.ones(classes, bool)
            others[chosen] = False
            for y in chosen:
                margins = 1 - row[y] + row
                active = others & (margins > 0)
                losses[n] += margins[active].sum()
                slopes[n, active] += 1
                slopes[n, y] -= active.sum()
        scale = x.dtype.type(1 / classes) if classes else x.dtype.type(0)
        losses *= scale
        self.slopes = (slopes * scale).reshape(x.shape)
        self.reduction, self.batch = reduction, losses.size if x.ndim == 2 else 1
        if reduction == "none":
            return losses.reshape(x.shape[:-1]) if x.ndim == 2 else losses.reshape(())
        total = losses.sum()
        if reduction == "mean":
            total = total / losses.size if losses.size else x.dtype.type(0)
        return np.asarray(total, x.dtype)

    def backward(self, grad):
        a, _ = self.saved()
        return MultilabelMarginLossGrad.apply(grad, a, self.slopes, self.reduction, self.batch)


class MultilabelMarginLossGrad(Op):
    """The loss's gradient: PyTorch records a node without a derivative for it, with edges
    to those of the incoming gradient and the loss's input that require grad."""

    node_name = "torch::autograd::NotImplemented"
    arity = 2

    def _link(self, inputs, adopted=None):
        super()._link([t for t in inputs if t.requires_grad], adopted)
        self._seq = ERROR_NODE_SEQ  # (PyTorch's error nodes run as soon as they are ready)

    def forward(self, grad, input, slopes, reduction, batch):
        g = grad._data
        if reduction == "none":
            return slopes * (g[..., None] if g.ndim else g)
        if reduction == "mean" and batch:
            g = g / batch
        return slopes * g

    def backward(self, grad):
        raise RuntimeError("derivative for aten::multilabel_margin_loss_backward is not "
                           "implemented")


MultilabelMarginLossGrad.__name__ = MultilabelMarginLossGrad.__qualname__ = "NotImplemented"

