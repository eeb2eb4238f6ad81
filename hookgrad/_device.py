"""torch.device, and what asking for a device other than the CPU does.

hookgrad computes on the CPU only; it behaves as a PyTorch build without CUDA on a machine
without accelerators: ``torch.device('cuda')`` is a valid object, but making a tensor there
raises PyTorch's ``AssertionError('Torch not compiled with CUDA enabled')``."""

DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
                "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                "privateuseone")
NO_ACCELERATOR = "Cannot access accelerator device when none is available."


class device:
    """A device description (``'cpu'``, ``'cuda:1'``); only the CPU holds tensors here."""

    __slots__ = ("_type", "_index")
    __module__ = "hookgrad"

    def __init__(self, type, index=None):
        if isinstance(type, device):
            if index is not None:
                raise TypeError("device(): argument 'index' must not be given with a device")
            self._type, self._index = type._type, type._index
            return
        if isinstance(type, int) and not isinstance(type, bool):
            # an index alone names the current accelerator, and there is none
            raise RuntimeError(NO_ACCELERATOR)
        if not isinstance(type, str):
            raise TypeError(f"device() received an invalid combination of arguments - got "
                            f"({_typename(type)}), but expected one of:\n"
                            " * (torch.device device)\n * (str type, int index = -1)\n")
        if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
            raise TypeError(f"device(): argument 'index' (position 2) must be int, not "
                            f"{_typename(index)}")
        name, colon, number = type.partition(":")
        if name not in DEVICE_TYPES:
            raise RuntimeError(f"Expected one of {', '.join(DEVICE_TYPES)} device type at start "
                               f"of device string: {type}")
        if colon:
            if not number.isdigit() or (len(number) > 1 and number[0] == "0"):
                raise RuntimeError(f"Invalid device string: '{type}'")
            if index is not None:
                raise RuntimeError("type (string) must not include an index because index was "
                                   f"passed explicitly: {type}")
            index = int(number)
        if index is not None and index < 0:
            raise RuntimeError("Device index must not be negative")
        self._type, self._index = name, index

    @property
    def type(self):
        return self._type

    @property
    def index(self):
        return self._index

    def __repr__(self):
        if self._index is None:
            return f"device(type='{self._type}')"
        return f"device(type='{self._type}', index={self._index})"

    def __str__(self):
        return self._type if self._index is None else f"{self._type}:{self._index}"

    def __eq__(self, other):
        if not isinstance(other, device):
            return NotImplemented
        return self._type == other._type and self._index == other._index

    def __hash__(self):
        return hash((self._type, self._index))

    def __reduce__(self):
        return (device, (self._type, self._index))

    def __enter__(self):
        # Tensors made inside would have to live on this device: refuse now rather than
        # silently making CPU tensors.
        check(self)
        return self

    def __exit__(self, *exc):
        return False


def _typename(value):
    return type(value).__name__


def check(dev):
    """Raise PyTorch's error for putting a tensor on ``dev``; ``None`` and the CPU pass."""
    if dev is None:
        return
    if not isinstance(dev, device):
        if isinstance(dev, str) and dev == "cpu":  # the common case, without parsing
            return
        dev = device(dev)
    kind = dev._type
    if kind == "cpu":
        return
    if kind == "cuda":
        raise AssertionError("Torch not compiled with CUDA enabled")
    if kind == "xpu":
        raise AssertionError("Torch not compiled with XPU enabled")
    if kind == "meta":
        raise RuntimeError("hookgrad has no meta tensors: it computes on the CPU only "
                           "(use device='cpu')")
    raise RuntimeError(f"PyTorch is not linked with support for {kind} devices")


CPU = device("cpu")
