"""Which gradients share an all-reduce: PyTorch's bucket assignment, rule for rule.

DDP's buckets (PyTorch 2.13): with the default ``bucket_cap_mb=None`` the cap is 25 MiB and
the first bucket filled is capped at 1 MiB; an explicit ``bucket_cap_mb`` caps every bucket.
A bucket closes once its size reaches the cap (so it may pass it by one tensor); tensors of
different dtypes never share one.

- ``find_unused_parameters=True``: buckets are filled in parameter order, the small first one
  holding the first parameters (their gradients arrive last), and then reversed so that
  bucket 0 holds the last parameters.
- ``find_unused_parameters=False``: the first backward runs with one bucket per dtype; the
  next forward rebuilds the buckets in the order the gradients arrived, the small first one
  holding the gradients that arrived first."""

MB = 1024 * 1024
DEFAULT_BUCKET_CAP_MB = 25
DEFAULT_FIRST_BUCKET_BYTES = MB
UNBOUNDED = 2**63 - 1  # sys.maxsize, PyTorch's "one bucket" limit


def compute_bucket_assignment_by_size(tensors, bucket_size_limits, expect_sparse_gradient=(),
                                      tensor_indices=()):
    """``(bucket_indices, per_bucket_size_limits)`` for ``tensors`` taken in the given order.

    Each dtype fills its own bucket; the n-th bucket of a dtype is capped by
    ``bucket_size_limits[n]`` (the last limit repeats). Without ``tensor_indices`` the buckets
    are sorted by the smallest index they hold; with them (the order gradients arrived) they
    stay in the order they closed."""
    if any(expect_sparse_gradient):
        raise RuntimeError("hookgrad has no sparse gradients")
    open_buckets = {}  # dtype -> [indices, bytes, position in bucket_size_limits]
    result = []
    last_limit = len(bucket_size_limits) - 1
    for position, tensor in enumerate(tensors):
        index = tensor_indices[position] if tensor_indices else position
        bucket = open_buckets.get(tensor.dtype)
        if bucket is None:
            bucket = open_buckets[tensor.dtype] = [[], 0, 0]
        bucket[0].append(index)
        bucket[1] += tensor.numel() * tensor.element_size()
        limit = bucket_size_limits[bucket[2]]
        if bucket[1] >= limit:
            result.append((bucket[0], limit))
            open_buckets[tensor.dtype] = [[], 0, min(bucket[2] + 1, last_limit)]
    for indices, _, limit_position in open_buckets.values():
        if indices:
            result.append((indices, bucket_size_limits[limit_position]))
    if not tensor_indices:
        result.sort(key=lambda bucket: min(bucket[0]))
    return [indices for indices, _ in result], [limit for _, limit in result]


def bucket_caps(bucket_cap_mb, bucket_cap_mb_list=None):
    """``(bucket_bytes_cap, first_bucket_bytes_cap, per_bucket_caps)`` from DDP's arguments."""
    per_bucket = ()
    if bucket_cap_mb_list:
        per_bucket = tuple(int(cap * MB) for cap in bucket_cap_mb_list)
        cap_mb = max(bucket_cap_mb_list)
        default = False
    else:
        default = bucket_cap_mb is None
        cap_mb = DEFAULT_BUCKET_CAP_MB if default else bucket_cap_mb
    cap = int(cap_mb * MB)
    return cap, (DEFAULT_FIRST_BUCKET_BYTES if default else cap), per_bucket


def size_limits(bucket_bytes_cap, first_bucket_bytes_cap, per_bucket_caps):
    """The limits buckets are (re)built with once the gradient order is known."""
    if per_bucket_caps:
        return list(per_bucket_caps)
    if first_bucket_bytes_cap < bucket_bytes_cap:
        return [first_bucket_bytes_cap, bucket_bytes_cap]
    return [bucket_bytes_cap]


def initial_buckets(params, caps, find_unused_parameters):
    """The buckets of the first backward: reversed, so bucket 0 holds the last parameters."""
    bucket_bytes_cap, first_cap, per_bucket = caps
    if per_bucket or find_unused_parameters:
        limits = size_limits(bucket_bytes_cap, first_cap, per_bucket)
    else:
        limits = [UNBOUNDED]  # until the gradient order is known
    indices, _ = compute_bucket_assignment_by_size(params, limits)
    return indices[::-1]


def rebuilt_buckets(params, ready_order, caps):
    """Buckets for gradients arriving in ``ready_order`` (parameter indices)."""
    indices, _ = compute_bucket_assignment_by_size(
        [params[i] for i in ready_order], size_limits(*caps), tensor_indices=ready_order)
    return indices
