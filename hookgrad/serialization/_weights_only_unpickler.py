"""The weights-only unpickler: an opcode loop over an explicit allow-list.

It reads exactly the opcodes PyTorch's weights-only unpickler reads (those protocol 2 uses
for containers, numbers, strings and calls) and nothing else; every other opcode, among
them STACK_GLOBAL, INST, OBJ, DUP, FRAME and the protocol-4 string forms, is refused with
PyTorch's "Unsupported operand". ``GLOBAL`` looks names up in ``_allowed.ALLOWED`` (and the
user's ``add_safe_globals`` list) and imports nothing; ``REDUCE`` and ``NEWOBJ`` call only
the checked functions of ``_allowed.SAFE_CALLS``; ``BUILD`` only sets a tensor's storage,
an ``OrderedDict``'s attributes (a state dict's ``_metadata``) or an allow-listed object's
state. Nothing else in the file can run: no import, no attribute lookup, no arbitrary call.
Malformed input (stack underflow, truncation, unknown memo keys) is an UnpicklingError."""
import pickle
import warnings
from collections import Counter, OrderedDict
from pickle import UnpicklingError, decode_long
from struct import unpack
from sys import maxsize

from .._tensor import Tensor
from ..nn import Parameter
from . import _allowed, _rebuild

_MARK = object()


def _unsupported_global(full_path):
    if full_path.startswith("builtins"):
        rest = full_path[len("builtins"):]
        full_path = rest[1:] if rest.startswith(".") else "builtins" + rest
    return UnpicklingError(
        f"Unsupported global: GLOBAL {full_path} was not an allowed global by default. "
        f"Please use `torch.serialization.add_safe_globals([{full_path}])` or the "
        f"`torch.serialization.safe_globals([{full_path}])` context manager to allowlist "
        "this global if you trust this class/function.")


class WeightsOnlyUnpickler:
    """Unpickle one pickle from ``file`` (``read``/``readline``), handing persistent ids to
    ``persistent_load``."""

    def __init__(self, file, persistent_load, encoding="utf-8"):
        self._read = file.read
        self._readline = file.readline
        self._persistent_load = persistent_load
        self._encoding = encoding

    # ------------------------------------------------------------------ helpers
    def _take(self, count):
        data = self._read(count)
        if len(data) != count:
            raise UnpicklingError("pickle data was truncated")
        return data

    def _pop(self):
        if not self._stack:
            raise UnpicklingError("unpickling stack underflow")
        return self._stack.pop()

    def _top(self):
        if not self._stack:
            raise UnpicklingError("unpickling stack underflow")
        return self._stack[-1]

    def _pop_mark(self):
        if not self._metastack:
            raise UnpicklingError("could not find MARK")
        items = self._stack
        self._stack = self._metastack.pop()
        return items

    def _line(self):
        line = self._readline()
        if not line.endswith(b"\n"):
            raise UnpicklingError("pickle data was truncated")
        try:
            return line[:-1].decode("utf-8")
        except UnicodeDecodeError:
            raise UnpicklingError("GLOBAL names must be UTF-8") from None

    def load(self):
        """The unpickled object; the file is left just past the pickle's STOP."""
        self._stack = []
        self._metastack = []
        self._memo = {}
        self._user = _allowed.user_allowed()
        self._user_values = list(self._user.values())
        dispatch = self._DISPATCH
        first = self._read(1)
        if not first:
            raise EOFError("Ran out of input")
        key = first[0]
        while True:
            handler = dispatch.get(key)
            if handler is None:
                raise UnpicklingError(f"Unsupported operand {key}")
            if handler is WeightsOnlyUnpickler._stop:
                return self._pop()
            handler(self)
            code = self._read(1)
            if not code:
                raise UnpicklingError("pickle data was truncated")
            key = code[0]

    def _stop(self):  # marker in the dispatch table; load() returns at STOP
        raise AssertionError

    def _is_user_allowed(self, obj):
        return any(obj is value for value in self._user_values)

    # ------------------------------------------------------------------ risky opcodes
    def _global(self):
        module, name = _allowed.renamed(self._line(), self._line())
        full_path = f"{module}.{name}"
        if module in _allowed.BLOCKED_MODULES:
            raise UnpicklingError(f"Trying to load unsupported GLOBAL {full_path} whose module "
                                  f"{module} is blocked.")
        if full_path in _allowed.ALLOWED:
            self._stack.append(_allowed.lookup(full_path))
        elif full_path in self._user:
            self._stack.append(self._user[full_path])
        else:
            raise _unsupported_global(full_path)

    def _call(self, function, args):
        if not isinstance(args, tuple):
            raise UnpicklingError(f"call arguments must be a tuple, got {type(args).__name__}")
        try:
            return function(*args)
        except (TypeError, ValueError, LookupError) as exc:
            raise UnpicklingError(f"bad arguments in the checkpoint: {exc}") from None

    def _newobj(self):
        args = self._pop()
        cls = self._pop()
        if cls is Parameter:
            self._stack.append(self._call(_allowed.SAFE_CALLS[Parameter], args))
        elif self._is_user_allowed(cls):
            self._stack.append(cls.__new__(cls, *args))
        elif isinstance(cls, type) and cls in _allowed.SAFE_CALLS:
            self._stack.append(self._call(_allowed.SAFE_CALLS[cls], args))
        else:
            raise UnpicklingError("Can only create new object for nn.Parameter or classes "
                                  f"allowlisted via `add_safe_globals` but got {cls}")

    def _reduce(self):
        args = self._pop()
        function = self._top()
        try:
            safe = _allowed.SAFE_CALLS.get(function)
        except TypeError:  # unhashable: certainly not an allowed function
            safe = None
        if safe is None and self._is_user_allowed(function):
            safe = function
        if safe is None:
            message = f"Trying to call reduce for unrecognized function {function}"
            if hasattr(function, "__self__"):
                message += f" which belongs to {function.__self__}"
            raise UnpicklingError(message)
        self._stack[-1] = self._call(safe, args)

    def _build(self):
        state = self._pop()
        inst = self._top()
        if type(inst) is Tensor or type(inst) is Parameter:
            _rebuild.set_tensor_storage(inst, state)
        elif type(inst) is OrderedDict:
            if not isinstance(state, dict) or not all(isinstance(k, str) for k in state):
                raise UnpicklingError("an OrderedDict's state must be a dict with str keys")
            inst.__dict__.update(state)
        elif self._is_user_allowed(type(inst)):
            _build_allowlisted(inst, state)
        else:
            raise UnpicklingError("Can only build Tensor, Parameter, OrderedDict or types "
                                  f"allowlisted via `add_safe_globals`, but got {type(inst)}")

    def _persid(self):
        pid = self._pop()
        if type(pid) is not tuple and type(pid) is not int:
            raise UnpicklingError(f"persistent_load id must be tuple or int, but got "
                                  f"{type(pid)}")
        if type(pid) is tuple and pid and _ascii(pid[0]) != "storage":
            raise UnpicklingError(f"Only persistent_load of storage is allowed, but got "
                                  f"{type(pid[0])}")
        self._stack.append(self._persistent_load(pid))

    # ------------------------------------------------------------------ containers
    def _append(self):
        item = self._pop()
        target = self._top()
        if type(target) is not list:
            raise UnpicklingError(f"Can only append to lists, but got {type(target)}")
        target.append(item)

    def _appends(self):
        items = self._pop_mark()
        target = self._top()
        if type(target) is not list:
            raise UnpicklingError(f"Can only extend lists, but got {type(target)}")
        target.extend(items)

    def _set_items(self, items, opcode):
        target = self._top()
        if type(target) not in (dict, OrderedDict, Counter):
            raise UnpicklingError(f"Can only {opcode} for dict, collections.OrderedDict, "
                                  f"collections.Counter, but got {type(target)}")
        if len(items) % 2:
            raise UnpicklingError(f"{opcode} needs key-value pairs")
        try:
            for i in range(0, len(items), 2):
                target[items[i]] = items[i + 1]
        except TypeError as exc:
            raise UnpicklingError(f"bad dictionary key: {exc}") from None

    def _setitem(self):
        value = self._pop()
        key = self._pop()
        self._set_items([key, value], "SETITEM")

    def _setitems(self):
        self._set_items(self._pop_mark(), "SETITEMS")

    def _mark(self):
        self._metastack.append(self._stack)
        self._stack = []

    def _tuple(self):
        items = tuple(self._pop_mark())  # before self._stack is read: it changes
        self._stack.append(items)

    def _tuple_n(self, count):
        if len(self._stack) < count:
            raise UnpicklingError("unpickling stack underflow")
        items = tuple(self._stack[-count:])
        del self._stack[-count:]
        self._stack.append(items)

    # ------------------------------------------------------------------ values
    def _binunicode(self):
        length = unpack("<I", self._take(4))[0]
        if length > maxsize:
            raise UnpicklingError("String is too long")
        try:
            self._stack.append(str(self._take(length), "utf-8", "surrogatepass"))
        except UnicodeDecodeError:
            raise UnpicklingError("a string in the pickle is not valid UTF-8") from None

    def _short_binstring(self):
        data = self._take(self._take(1)[0])
        if self._encoding != "bytes":
            try:
                data = data.decode(self._encoding, "strict")
            except (UnicodeDecodeError, LookupError) as exc:
                raise UnpicklingError(f"cannot decode a string of the pickle: {exc}") from None
        self._stack.append(data)

    def _get(self, index):
        if index not in self._memo:
            raise UnpicklingError(f"Memo value not found at index {index}")
        self._stack.append(self._memo[index])

    def _put(self, index):
        self._memo[index] = self._top()

    def _proto(self):
        protocol = self._take(1)[0]
        if protocol != 2:
            warnings.warn(
                f"Detected pickle protocol {protocol} in the checkpoint, which was not the "
                "default pickle protocol used by `torch.load` (2). The weights_only Unpickler "
                "might not support all instructions implemented by this protocol, please file "
                "an issue for adding support if you encounter this.", stacklevel=4)

    _DISPATCH = {
        pickle.PROTO[0]: _proto,
        pickle.STOP[0]: _stop,
        pickle.GLOBAL[0]: _global,
        pickle.NEWOBJ[0]: _newobj,
        pickle.REDUCE[0]: _reduce,
        pickle.BUILD[0]: _build,
        pickle.BINPERSID[0]: _persid,
        pickle.APPEND[0]: _append,
        pickle.APPENDS[0]: _appends,
        pickle.SETITEM[0]: _setitem,
        pickle.SETITEMS[0]: _setitems,
        pickle.MARK[0]: _mark,
        pickle.TUPLE[0]: _tuple,
        pickle.TUPLE1[0]: lambda self: self._tuple_n(1),
        pickle.TUPLE2[0]: lambda self: self._tuple_n(2),
        pickle.TUPLE3[0]: lambda self: self._tuple_n(3),
        pickle.NONE[0]: lambda self: self._stack.append(None),
        pickle.NEWFALSE[0]: lambda self: self._stack.append(False),
        pickle.NEWTRUE[0]: lambda self: self._stack.append(True),
        pickle.EMPTY_TUPLE[0]: lambda self: self._stack.append(()),
        pickle.EMPTY_LIST[0]: lambda self: self._stack.append([]),
        pickle.EMPTY_DICT[0]: lambda self: self._stack.append({}),
        pickle.EMPTY_SET[0]: lambda self: self._stack.append(set()),
        pickle.BININT[0]: lambda self: self._stack.append(unpack("<i", self._take(4))[0]),
        pickle.BININT1[0]: lambda self: self._stack.append(self._take(1)[0]),
        pickle.BININT2[0]: lambda self: self._stack.append(unpack("<H", self._take(2))[0]),
        pickle.BINFLOAT[0]: lambda self: self._stack.append(unpack(">d", self._take(8))[0]),
        pickle.LONG1[0]: lambda self: self._stack.append(
            decode_long(self._take(self._take(1)[0]))),
        pickle.BINUNICODE[0]: _binunicode,
        pickle.SHORT_BINSTRING[0]: _short_binstring,
        pickle.BINGET[0]: lambda self: self._get(self._take(1)[0]),
        pickle.LONG_BINGET[0]: lambda self: self._get(unpack("<I", self._take(4))[0]),
        pickle.BINPUT[0]: lambda self: self._put(self._take(1)[0]),
        pickle.LONG_BINPUT[0]: lambda self: self._put(unpack("<I", self._take(4))[0]),
    }


def _ascii(value):
    return value.decode("ascii", "replace") if isinstance(value, bytes) else value


def _build_allowlisted(inst, state):
    """BUILD on an instance of a class the user allow-listed, as pickle's load_build does."""
    if hasattr(inst, "__setstate__"):
        inst.__setstate__(state)
        return
    slot_state = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slot_state = state
    if state:
        inst.__dict__.update(state)
    if slot_state:
        for name, value in slot_state.items():
            setattr(inst, name, value)


_OPERAND_BYTES = {op[0]: 0 for op in (
    pickle.NEWOBJ, pickle.REDUCE, pickle.BUILD, pickle.APPEND, pickle.APPENDS, pickle.SETITEM,
    pickle.SETITEMS, pickle.MARK, pickle.TUPLE, pickle.TUPLE1, pickle.TUPLE2, pickle.TUPLE3,
    pickle.NONE, pickle.NEWFALSE, pickle.NEWTRUE, pickle.EMPTY_TUPLE, pickle.EMPTY_LIST,
    pickle.EMPTY_DICT, pickle.EMPTY_SET, pickle.BINPERSID)}
_OPERAND_BYTES.update({pickle.BININT[0]: 4, pickle.BININT1[0]: 1, pickle.BININT2[0]: 2,
                       pickle.BINFLOAT[0]: 8, pickle.BINGET[0]: 1, pickle.LONG_BINGET[0]: 4,
                       pickle.BINPUT[0]: 1, pickle.LONG_BINPUT[0]: 4, pickle.PROTO[0]: 1})


def globals_in_pickle(data):
    """The ``module.name`` of every GLOBAL in a pickle, read without running anything (as
    PyTorch's ``get_globals_in_pkl``; the same opcodes as the unpickler above)."""
    found, position = set(), 0
    while True:
        if position >= len(data):
            raise EOFError("Ran out of input")
        key = data[position]
        position += 1
        if key == pickle.STOP[0]:
            return found
        if key == pickle.GLOBAL[0]:
            lines = data[position:].split(b"\n", 2)
            if len(lines) < 3:
                raise UnpicklingError("pickle data was truncated")
            module, name = _allowed.renamed(lines[0].decode("utf-8", "replace"),
                                            lines[1].decode("utf-8", "replace"))
            found.add(f"{module}.{name}")
            position += len(lines[0]) + len(lines[1]) + 2
        elif key in _OPERAND_BYTES:
            position += _OPERAND_BYTES[key]
        elif key == pickle.BINUNICODE[0]:
            position += 4 + unpack("<I", data[position:position + 4].ljust(4, b"\0"))[0]
        elif key in (pickle.SHORT_BINSTRING[0], pickle.LONG1[0]):
            position += 1 + (data[position] if position < len(data) else 0)
        else:
            raise UnpicklingError(f"Unsupported operand {key}")
