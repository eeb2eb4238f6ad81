"""DDP communication hooks: a plain average (``allreduce_hook``) and one that all-reduces in
float16 (``fp16_compress_hook``). Each divides by the world size itself and returns a Future
holding the bucket's new flat tensor."""
from ...._dtype import float16
from ... import _collectives
from ...distributed_c10d import _resolve

__all__ = ["allreduce_hook", "fp16_compress_hook", "fp16_compress_wrapper"]


def _first(fut):
    return fut.value()[0]


def allreduce_hook(process_group, bucket):
    """Average the bucket over the group (the same result as DDP without a hook)."""
    group = _resolve(process_group)
    tensor = bucket.buffer()
    # divide first: it keeps a float16 sum from overflowing
    tensor.div_(group.size())
    return _collectives.all_reduce(tensor, group=group, async_op=True).get_future().then(_first)


class _Decompress:
    """``then`` callback: copy the float16 result back into the full-precision buffer."""

    __slots__ = ("buffer",)

    def __init__(self, buffer):
        self.buffer = buffer

    def __call__(self, fut):
        value = fut.value()
        self.buffer.copy_(value[0] if isinstance(value, list) else value)
        return self.buffer


def fp16_compress_hook(process_group, bucket):
    """All-reduce the bucket cast to float16 (divided by the group size first), then cast
    the average back into the bucket's dtype."""
    group = _resolve(process_group)
    buffer = bucket.buffer()
    compressed = buffer.to(float16).div_(group.size())
    work = _collectives.all_reduce(compressed, group=group, async_op=True)
    return work.get_future().then(_Decompress(buffer))


class _Fp16Wrapped:
    """The hook ``fp16_compress_wrapper`` returns."""

    __slots__ = ("hook",)

    def __init__(self, hook):
        self.hook = hook

    def __call__(self, hook_state, bucket):
        buffer = bucket.buffer()
        bucket.set_buffer(buffer.to(float16))
        fut = self.hook(hook_state, bucket)
        return fut.then(_Decompress(buffer))


def fp16_compress_wrapper(hook):
    """``hook`` run on the bucket cast to float16, its result cast back."""
    return _Fp16Wrapped(hook)
