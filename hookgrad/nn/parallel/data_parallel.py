"""DataParallel on a machine without GPUs: as in PyTorch there, a pass-through to the
wrapped module (registered as ``module``, so state dict keys start with ``module.``)."""
from ..modules.module import Module

__all__ = ["DataParallel", "data_parallel"]


class DataParallel(Module):
    """Calls ``module``. PyTorch replicates the module over ``device_ids`` GPUs; with no
    accelerator it keeps ``device_ids`` empty and forwards every call, whatever it was
    given, and so does hookgrad (which has none)."""

    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = []

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0,
                  module_kwargs=None):
    """The functional form, which PyTorch refuses without an accelerator."""
    raise RuntimeError("device type could not be determined")
