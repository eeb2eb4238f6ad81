"""Collectives on tensors, in place, over MPI; ``async_op=True`` returns a Work to wait on.

Every tensor keeps its dtype (an int64 all-reduce stays int64). Non-contiguous tensors go
through a contiguous copy that is written back when the operation completes."""
import enum

import numpy as np

from .. import futures
from .._tensor import Tensor
from . import _mpi
from ._progress import poller
from .distributed_c10d import _resolve

__all__ = ["ReduceOp", "Work", "all_gather", "all_gather_into_tensor", "all_gather_object",
           "all_reduce", "barrier", "broadcast", "broadcast_object_list", "reduce_scatter",
           "reduce_scatter_tensor"]


class RedOpType(enum.Enum):
    SUM = 0
    AVG = 1
    PRODUCT = 2
    MIN = 3
    MAX = 4
    BAND = 5
    BOR = 6
    BXOR = 7
    PREMUL_SUM = 8


class ReduceOp:
    """The reduction of ``all_reduce`` / ``reduce_scatter``: ``ReduceOp.SUM``, ``AVG``, ..."""

    RedOpType = RedOpType
    SUM = RedOpType.SUM
    AVG = RedOpType.AVG
    PRODUCT = RedOpType.PRODUCT
    MIN = RedOpType.MIN
    MAX = RedOpType.MAX
    BAND = RedOpType.BAND
    BOR = RedOpType.BOR
    BXOR = RedOpType.BXOR
    PREMUL_SUM = RedOpType.PREMUL_SUM

    def __init__(self, op):
        self.op = _op_type(op)

    def __eq__(self, other):
        return _op_type(other) is self.op if isinstance(other, (ReduceOp, RedOpType)) else False

    def __hash__(self):
        return hash(self.op)

    def __repr__(self):
        return repr(self.op)


def _op_type(op):
    if isinstance(op, ReduceOp):
        return op.op
    if isinstance(op, RedOpType):
        return op
    raise TypeError(f"op must be a torch.distributed.ReduceOp, got {type(op).__name__}")


# Bool tensors reduce with MPI's logical operations (MPI has no SUM on C_BOOL).
_MPI_OP_NAMES = {RedOpType.SUM: "SUM", RedOpType.AVG: "SUM", RedOpType.PRODUCT: "PROD",
                 RedOpType.MIN: "MIN", RedOpType.MAX: "MAX", RedOpType.BAND: "BAND",
                 RedOpType.BOR: "BOR", RedOpType.BXOR: "BXOR"}
_BOOL_OP_NAMES = {RedOpType.SUM: "LOR", RedOpType.PRODUCT: "LAND", RedOpType.MIN: "LAND",
                  RedOpType.MAX: "LOR", RedOpType.BAND: "LAND", RedOpType.BOR: "LOR",
                  RedOpType.BXOR: "LXOR"}


def _mpi_op(MPI, op, tensor):
    op = _op_type(op)
    kind = tensor._data.dtype.kind
    if op is RedOpType.PREMUL_SUM:
        raise ValueError("ReduceOp.PREMUL_SUM is not supported by the MPI backend")
    if op is RedOpType.AVG and kind not in "fV":
        # PyTorch divides the sum in place, which an integer or bool tensor cannot hold
        raise RuntimeError(f"result type Float can't be cast to the desired output type "
                           f"{tensor.dtype.legacy_name[:-len('Tensor')]}")
    if kind == "b":
        return getattr(MPI, _BOOL_OP_NAMES[op])
    if kind in "fV" and op in (RedOpType.BAND, RedOpType.BOR, RedOpType.BXOR):
        raise RuntimeError(f"{op.name} is not supported for floating-point tensors")
    return getattr(MPI, _MPI_OP_NAMES[op])


class Work:
    """A collective in flight. ``wait()`` completes it (writing results into the tensors);
    ``get_future()`` gives a Future that completes with ``result()``."""

    __slots__ = ("_request", "_result", "_finish", "_finish_args", "_completed", "_future")

    def __init__(self, request, result, finish=None, finish_args=()):
        poller.watch(request)   # moves along in the background until someone waits
        self._request = request
        self._result = result
        self._finish = finish      # finish(*finish_args) once the request completed
        self._finish_args = finish_args
        self._completed = False
        self._future = None

    def _poll(self, block):
        if not self._completed:
            if block:
                poller.release(self._request)
                self._request.Wait()
            elif not poller.test(self._request):
                return False
            poller.release(self._request)
            self._completed = True
            if self._finish is not None:
                self._finish(*self._finish_args)
            future = self._future
            if future is not None and not future._done:
                future.set_result(self._result)
        return True

    def wait(self, timeout=None):
        self._poll(True)
        return True

    def is_completed(self):
        return self._poll(False)

    def is_success(self):
        return self._poll(False)

    def exception(self):
        return None

    def result(self):
        return self._result

    def synchronize(self):
        self._poll(True)

    def get_future(self):
        if self._future is None:
            self._future = futures.Future()
            if self._completed:
                self._future.set_result(self._result)
            else:
                self._future._poll = self._poll
        return self._future


# PyTorch's messages, line break and indentation included
_EXPECTED = "Invalid function argument. Expected parameter `{}` of type {}\n             but got {}"


def _check_single_tensor(param, param_name):
    if not isinstance(param, Tensor):
        raise TypeError(_EXPECTED.format(param_name, "torch.Tensor",
                                         f"{type(param)} instead."))


def _check_tensor_list(param, param_name):
    if not isinstance(param, list):
        raise TypeError(_EXPECTED.format(param_name, "List[torch.Tensor]",
                                         f"{type(param)} instead."))
    if not all(isinstance(p, Tensor) for p in param):
        raise TypeError(_EXPECTED.format(
            param_name, "List[torch.Tensor]",
            f"{type(param)} with elements of type {[type(p) for p in param]}."))


def _check_same_dtype(tensors):
    first = tensors[0].dtype
    for tensor in tensors[1:]:
        if tensor.dtype != first:
            raise ValueError("Invalid usage of tensors with different dtypes"
                             f"Found {first} and  {tensor.dtype}")


def _buffer(tensor):
    """The contiguous array MPI writes into: the tensor's own, or a copy to write back."""
    data = tensor._data
    if data.flags.c_contiguous and data.flags.writeable:
        return data
    return np.ascontiguousarray(data)


def _written(tensor, array, divisor=None):
    """Make ``tensor`` hold ``array`` (the buffer MPI wrote, divided by ``divisor`` for AVG)
    and count it as modified."""
    if divisor is not None:
        np.divide(array, divisor, out=array, casting="unsafe")
    if array is not tensor._data:
        np.copyto(tensor._data, array.reshape(tensor._data.shape))
    tensor._vc[0] += 1


def _scattered(tensors, gathered):
    for out, part in zip(tensors, gathered):
        np.copyto(out._data, part.reshape(out._data.shape))
        out._vc[0] += 1


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    """Reduce ``tensor`` over all ranks, in place, on every rank."""
    _check_single_tensor(tensor, "tensor")
    comm = _resolve(group)._comm
    MPI = _mpi.load()
    mpi_op = _mpi_op(MPI, op, tensor)
    array = _buffer(tensor)
    divisor = comm.Get_size() if _op_type(op) is RedOpType.AVG else None
    if async_op:
        return Work(comm.Iallreduce(MPI.IN_PLACE, array, mpi_op), [tensor], _written,
                    (tensor, array, divisor))
    comm.Allreduce(MPI.IN_PLACE, array, mpi_op)
    _written(tensor, array, divisor)
    return None


def broadcast(tensor, src=None, group=None, async_op=False, group_src=None):
    """Overwrite ``tensor`` on every rank with its value on rank ``src``."""
    _check_single_tensor(tensor, "tensor")
    pg = _resolve(group)
    root = _root(pg, src, group_src)
    array = _buffer(tensor)
    if async_op:
        return Work(pg._comm.Ibcast(array, root=root), [tensor], _written, (tensor, array))
    pg._comm.Bcast(array, root=root)
    _written(tensor, array)
    return None


def _root(pg, src, group_src):
    if group_src is not None:
        if src is not None:
            raise ValueError("Can't specify both group_rank and global_rank")
        src = group_src
    if src is None:
        raise ValueError("Must specify global_rank or group_rank")
    if not 0 <= src < pg.size():
        raise ValueError(f"Global rank {src} is not part of group {pg}")
    return src


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Fill ``tensor_list[r]`` with rank r's ``tensor``, on every rank."""
    _check_tensor_list(tensor_list, "tensor_list")
    _check_single_tensor(tensor, "tensor")
    _check_same_dtype(tensor_list + [tensor])
    comm = _resolve(group)._comm
    if len(tensor_list) != comm.Get_size():
        raise ValueError(f"all_gather: tensor_list has {len(tensor_list)} tensors; it needs one "
                         f"per rank ({comm.Get_size()})")
    for out in tensor_list:
        if out.numel() != tensor.numel():
            raise ValueError(f"all_gather: every tensor in tensor_list needs {tensor.numel()} "
                             f"elements, like `tensor`; got shape {tuple(out.shape)}")
    send = np.ascontiguousarray(tensor._data)
    gathered = np.empty((comm.Get_size(),) + send.shape, dtype=send.dtype)
    if async_op:
        return Work(comm.Iallgather(send, gathered), tensor_list, _scattered,
                    (tensor_list, gathered))
    comm.Allgather(send, gathered)
    _scattered(tensor_list, gathered)
    return None


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Concatenate every rank's ``input_tensor`` along dim 0 into ``output_tensor``."""
    _check_single_tensor(output_tensor, "output_tensor")
    _check_single_tensor(input_tensor, "input_tensor")
    _check_same_dtype([output_tensor, input_tensor])
    comm = _resolve(group)._comm
    if output_tensor.numel() != input_tensor.numel() * comm.Get_size():
        raise ValueError(f"all_gather_into_tensor: output_tensor needs world_size x "
                         f"{input_tensor.numel()} elements, got {output_tensor.numel()}")
    send = np.ascontiguousarray(input_tensor._data)
    out = _buffer(output_tensor)
    if async_op:
        return Work(comm.Iallgather(send, out), [output_tensor], _written, (output_tensor, out))
    comm.Allgather(send, out)
    _written(output_tensor, out)
    return None


def reduce_scatter(output, input_list, op=ReduceOp.SUM, group=None, async_op=False):
    """``output`` on rank r = the reduction over ranks of ``input_list[r]``."""
    _check_single_tensor(output, "output")
    _check_tensor_list(input_list, "input_list")
    _check_same_dtype(input_list + [output])
    comm = _resolve(group)._comm
    if len(input_list) != comm.Get_size():
        raise ValueError(f"reduce_scatter: input_list has {len(input_list)} tensors; it needs "
                         f"one per rank ({comm.Get_size()})")
    for part in input_list:
        if part.numel() != output.numel():
            raise ValueError(f"reduce_scatter: every tensor in input_list needs "
                             f"{output.numel()} elements, like `output`; got shape "
                             f"{tuple(part.shape)}")
    send = np.concatenate([np.ravel(part._data) for part in input_list])
    return _reduce_scatter(output, send, op, comm, async_op)


def reduce_scatter_tensor(output, input, op=ReduceOp.SUM, group=None, async_op=False):
    """Like ``reduce_scatter``, with the inputs concatenated along dim 0 in ``input``."""
    _check_single_tensor(output, "output")
    _check_single_tensor(input, "input")
    _check_same_dtype([output, input])
    comm = _resolve(group)._comm
    if input.numel() != output.numel() * comm.Get_size():
        raise ValueError(f"reduce_scatter_tensor: input needs world_size x {output.numel()} "
                         f"elements, got {input.numel()}")
    return _reduce_scatter(output, np.ascontiguousarray(input._data).reshape(-1), op, comm,
                           async_op)


def _reduce_scatter(output, send, op, comm, async_op):
    MPI = _mpi.load()
    mpi_op = _mpi_op(MPI, op, output)
    out = _buffer(output)
    divisor = comm.Get_size() if _op_type(op) is RedOpType.AVG else None
    if async_op:
        return Work(comm.Ireduce_scatter_block(send, out, mpi_op), [output], _written,
                    (output, out, divisor))
    comm.Reduce_scatter_block(send, out, mpi_op)
    _written(output, out, divisor)
    return None


def barrier(group=None, async_op=False, device_ids=None, timeout=None):
    """Wait until every rank of ``group`` has reached this barrier."""
    comm = _resolve(group)._comm
    if async_op:
        return Work(comm.Ibarrier(), [])
    comm.Barrier()
    return None


def all_gather_object(object_list, obj, group=None):
    """Fill ``object_list[r]`` with rank r's ``obj`` (pickled: ranks trust each other)."""
    comm = _resolve(group)._comm
    if len(object_list) != comm.Get_size():
        raise ValueError(f"all_gather_object: object_list has {len(object_list)} entries; it "
                         f"needs one per rank ({comm.Get_size()})")
    object_list[:] = comm.allgather(obj)


def broadcast_object_list(object_list, src=None, group=None, device=None, group_src=None):
    """Overwrite ``object_list`` on every rank with its entries on rank ``src`` (pickled)."""
    pg = _resolve(group)
    root = _root(pg, src, group_src)
    objects = pg._comm.bcast(list(object_list) if pg.rank() == root else None, root=root)
    object_list[:] = objects
