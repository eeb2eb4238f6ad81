"""What DDP does over the whole model at once: check that every rank holds the same parameter
shapes, and copy rank 0's parameters and buffers to the other ranks."""
import numpy as np

__all__ = []


def _verify_param_shape_across_processes(process_group, tensors):
    """Raise on every rank unless all ranks hold as many parameters, of the same sizes and
    strides. The mismatching rank gets PyTorch's message; the others, where PyTorch would
    wait for that rank forever, get one naming it."""
    comm = process_group._comm
    rank = process_group.rank()
    counts = comm.allgather(len(tensors))
    for other, count in enumerate(counts):
        if count != len(tensors):
            raise RuntimeError(f"DDP expects same model across all ranks, but Rank {rank} has "
                               f"{len(tensors)} params, while rank {other} has inconsistent "
                               f"{count} params.")
    metas = comm.allgather([(tuple(t.shape), tuple(t.stride())) for t in tensors])
    mine, root = metas[rank], metas[0]
    for i, ((sizes, strides), (root_sizes, root_strides)) in enumerate(zip(mine, root)):
        for what, value, expected in (("sizes", sizes, root_sizes),
                                      ("strides", strides, root_strides)):
            if value != expected:
                raise RuntimeError(f"[{rank}]: params[{i}] in this process with {what} "
                                   f"{_shape(value)} appears not to match {what} of the same "
                                   "param in process 0.")
    for other, theirs in enumerate(metas):
        for i, ((sizes, strides), (root_sizes, root_strides)) in enumerate(zip(theirs, root)):
            if sizes != root_sizes or strides != root_strides:
                raise RuntimeError(
                    f"[{rank}]: DDP expects same model across all ranks, but params[{i}] has "
                    f"sizes {_shape(sizes)} in process {other} and {_shape(root_sizes)} in "
                    "process 0 (see the error raised on that rank).")


def _shape(values):
    return "[" + ", ".join(map(str, values)) + "]"


def _broadcast_coalesced(process_group, tensors, src=0):
    """Overwrite ``tensors`` with rank ``src``'s values, one broadcast per dtype. Writes go
    straight into the arrays: version counters are left alone (as PyTorch does for buffers),
    so tensors an autograd graph saved stay usable."""
    by_dtype = {}
    for tensor in tensors:
        by_dtype.setdefault(tensor._data.dtype, []).append(tensor)
    for group in by_dtype.values():
        flat = np.concatenate([np.ravel(t._data) for t in group])
        process_group._comm.Bcast(flat, root=src)
        offset = 0
        for t in group:
            size = t._data.size
            np.copyto(t._data, flat[offset:offset + size].reshape(t._data.shape))
            offset += size


def _sync_module_states(module, process_group, broadcast_bucket_size, src,
                        params_and_buffers_to_ignore, broadcast_buffers=True):
    """Copy rank ``src``'s parameters (and buffers) of ``module`` to every rank."""
    states = [p for name, p in module.named_parameters()
              if name not in params_and_buffers_to_ignore]
    if broadcast_buffers:
        states += [b for name, b in module.named_buffers()
                   if name not in params_and_buffers_to_ignore]
    if states:
        _broadcast_coalesced(process_group, states, src)
