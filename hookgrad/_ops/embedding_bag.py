"""``torch.embedding_bag`` (EmbeddingBagBackward0): the rows of ``weight`` picked by the
indices, reduced per bag by sum, mean or max, as PyTorch's CPU kernels reduce them: a bag's
rows added in their order (with ``per_sample_weights``, each as one fused multiply-add, as
MKL's ``axpy`` and fbgemm's kernels do), a mean divided by the bag's size, a max keeping the
first of equal values. Its gradient sums the gradient rows into the weight rows in index
order (stable), each scaled by the per-sample weight, ``1 / count`` and ``1 / bag size`` in
double, as PyTorch's ``_embedding_bag_dense_backward``; a per-sample weight's gradient is
the dot product of its bag's gradient and its row (MKL's ``dot``, as PyTorch's). The
gradients are not differentiable again, as PyTorch's."""
import numpy as np

from .activation_backward import NotImplementedGrad
from .fused import fma32, fma64
from .gemm import dot as mkl_dot
from .op import Op

SUM, MEAN, MAX = 0, 1, 2
_FAST = (np.dtype(np.float32), np.dtype(np.float16))  # (fbgemm's types: its own bookkeeping)


def _fma(a, b, c):
    return fma64(a, b, c) if c.dtype == np.float64 else fma32(a, b, c)


def _ranked(groups):
    """For each position, its rank among the positions of the same group (in order)."""
    order = np.argsort(groups, kind="stable")
    sorted_groups = groups[order]
    starts = np.flatnonzero(np.r_[True, sorted_groups[1:] != sorted_groups[:-1]])
    lengths = np.diff(np.r_[starts, sorted_groups.size])
    rank = np.empty(groups.size, np.int64)
    rank[order] = np.arange(groups.size) - np.repeat(starts, lengths)
    return rank


def offset_to_bag(count, offsets, include_last_offset):
    """PyTorch's ``make_offset2bag``: each index's bag (one count per offset at or before
    it, less one); with ``include_last_offset`` the last offset starts no bag (so the last
    bag runs to the end of the indices, as PyTorch's CPU kernel runs it)."""
    if include_last_offset:
        offsets = offsets[:-1]
    marks = np.zeros(count + 1, np.int64)
    np.add.at(marks, offsets, 1)
    marks[0] -= 1
    return np.cumsum(marks)[:count]


class EmbeddingBagBackward0(Op):
    arity = 2  # (weight, per_sample_weights)
    saved_names = ("weight", "indices")

    def forward(self, weight, per_sample_weights, indices, offsets, scale_grad_by_freq,
                mode, include_last_offset, padding_idx):
        w = weight._data
        idx = indices._data.astype(np.int64, copy=False)
        offs = offsets._data.astype(np.int64, copy=False)
        psw = None if per_sample_weights is None else per_sample_weights._data
        bags = offs.size - 1 if include_last_offset else offs.size
        bag = offset_to_bag(idx.size, offs, include_last_offset)
        keep = (bag >= 0) & (bag < bags)  # (no offsets: no bags, the indices in none)
        if padding_idx is not None:
            keep &= idx != padding_idx
        size = np.bincount(bag[keep], minlength=bags)[:bags].astype(np.int64)
        fused = padding_idx is None and w.dtype in _FAST  # (fbgemm's kernel: fused)
        out, max_index = _reduce(w, psw, idx, bag, keep, bags, mode, fused)
        if mode == MEAN:
            out = (out / np.maximum(size, 1)[:, None].astype(out.dtype)).astype(w.dtype)
        self.save(weight, indices)
        self.idx, self.bag, self.keep, self.size, self.mode = idx, bag, keep, size, mode
        self.psw, self.max_index, self.freq = psw, max_index, scale_grad_by_freq
        self.psw_tensor = per_sample_weights
        self.num_weights = w.shape[0]
        return (out,) + _bookkeeping(w, idx, bag, size, max_index, mode, padding_idx, bags,
                                     offs.size, self._record)

    def backward(self, grad, *_):
        weight = self.saved()[0]
        g = grad._data
        gw = _weight_grad(self, g, weight._data.dtype) if self.needs(0) else None
        gp = _sample_grad(self, g, weight._data) if self.needs(1) else None
        if gw is not None:  # (recorded under create_graph, not differentiable further)
            gw = EmbeddingBagBackwardBackward0.apply(grad, self.psw_tensor, gw)
        if gp is not None:
            gp = NotImplementedGrad.of("_embedding_bag_per_sample_weights_backward", gp,
                                       [grad, weight])
        return gw, gp


class EmbeddingBagBackwardBackward0(Op):
    """The weight's gradient under ``create_graph``: PyTorch records this node (edges to
    the incoming gradient and the per-sample weights) and has no derivative for it."""

    arity = 2

    def forward(self, grad, per_sample_weights, value):
        return value

    def backward(self, grad):
        raise NotImplementedError("the derivative for '_embedding_bag_backward' is not "
                                  "implemented.")


def _reduce(w, psw, idx, bag, keep, bags, mode, fused):
    """The bags' sums (or maxima) in their rows' order; the maxima's row numbers. A weighted
    row is one fused multiply-add in fbgemm's kernel, a product then a sum in PyTorch's own
    loop (float64, or a padding row)."""
    dim = w.shape[1]
    low = w.dtype == np.float16
    work = w.astype(np.float32) if low else w  # (float16: accumulated in float32)
    out = np.zeros((bags, dim), work.dtype)
    positions = np.flatnonzero(keep)
    rank = _ranked(bag[positions]) if positions.size else positions
    max_index = None
    if mode == MAX:
        max_index = np.zeros((bags, dim), np.int64)
    for r in range(int(rank.max()) + 1 if rank.size else 0):
        at = positions[rank == r]
        rows, b = work[idx[at]], bag[at]
        if mode == MAX:
            if r == 0:
                out[b], max_index[b] = rows, idx[at][:, None]
            else:
                better = rows > out[b]  # (strictly: the first of equal maxima stays)
                out[b] = np.where(better, rows, out[b])
                max_index[b] = np.where(better, idx[at][:, None], max_index[b])
        elif psw is not None and fused:
            out[b] = _fma(psw[at].astype(work.dtype)[:, None], rows, out[b])
        elif psw is not None:
            out[b] = out[b] + rows * psw[at].astype(work.dtype)[:, None]
        else:
            out[b] = out[b] + rows
    return (out.astype(w.dtype) if low else out), max_index


def _bookkeeping(w, idx, bag, size, max_index, mode, padding_idx, bags, noffsets, record):
    """PyTorch's other three results (offset2bag, bag_size, max_indices) as its CPU kernels
    leave them: fbgemm's sum path (float32 / float16, no padding) fills no offset2bag; sum
    leaves bag sizes and max indices zero (the forward-only kernel one per offset); mean
    gives the sizes twice."""
    offset2bag = bag
    if mode == SUM and padding_idx is None and w.dtype in _FAST:
        offset2bag = np.zeros(0, np.int64)
    if mode == SUM:
        count = bags if record else noffsets
        zeros = np.zeros(count, np.int64)
        return offset2bag, zeros, zeros.copy()
    if mode == MEAN:
        return offset2bag, size, size.copy()
    return offset2bag, size, max_index


def _weight_grad(node, g, dtype):
    gw = np.zeros((node.num_weights, g.shape[1]), dtype)
    if node.mode == MAX:
        for b in range(g.shape[0]):
            if node.size[b]:
                gw[node.max_index[b], np.arange(g.shape[1])] += g[b]
        return gw
    positions = np.flatnonzero(node.keep)
    if not positions.size:
        return gw
    idx = node.idx[positions]
    scale = np.ones(positions.size)  # (in double, cast to the weight's type at the end)
    if node.psw is not None:
        scale = node.psw[positions].astype(np.float64)
    if node.freq:  # (PyTorch's count of sorted_indices[k] for the k-th distinct index)
        ordered = np.sort(node.idx, kind="stable")
        distinct = np.unique(ordered)
        counts = np.bincount(node.idx, minlength=node.num_weights)
        group = np.searchsorted(distinct, idx)
        scale = scale / counts[ordered[group]]
    if node.mode == MEAN:
        size = node.size[node.bag[positions]]
        scale = np.where(size != 0, scale / np.maximum(size, 1), scale)
    scale = scale.astype(dtype)
    rank = _ranked(idx)
    for r in range(int(rank.max()) + 1):
        at = rank == r
        rows = idx[at]
        gw[rows] = _fma(scale[at][:, None], g[node.bag[positions[at]]], gw[rows])
    return gw


def _sample_grad(node, g, w):
    out = np.zeros(node.idx.size, w.dtype)
    for i in np.flatnonzero(node.keep):
        x, y = g[node.bag[i]], w[node.idx[i]]
        value = mkl_dot(x, y)
        out[i] = np.dot(x, y) if value is None else value
    return out
