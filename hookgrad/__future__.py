"""torch.__future__: process-wide switches for behaviour PyTorch plans to change.

The two flags decide what ``Module._apply`` (``to``, ``float``, ``double``, ``half``, ``cpu``,
``type``) does to a parameter: by default the Parameter object stays and gets the converted
data; with *overwrite*, the module gets a new Parameter object (the old one is left as it
was); with *swap* (which wins over overwrite), the Parameter object stays and trades its whole
contents with the converted one through ``torch.utils.swap_tensors``. Swap also makes
``load_state_dict`` swap each parameter and buffer with ``module_load``'s result instead of
copying into it."""

_overwrite_module_params_on_conversion: bool = False
_swap_module_params_on_conversion: bool = False

__all__ = ["set_overwrite_module_params_on_conversion",
           "get_overwrite_module_params_on_conversion",
           "set_swap_module_params_on_conversion", "get_swap_module_params_on_conversion"]


def set_overwrite_module_params_on_conversion(value: bool) -> None:
    """Whether converting a module assigns new Parameter objects to it."""
    global _overwrite_module_params_on_conversion
    _overwrite_module_params_on_conversion = value


def get_overwrite_module_params_on_conversion() -> bool:
    return _overwrite_module_params_on_conversion


def set_swap_module_params_on_conversion(value: bool) -> None:
    """Whether converting a module, or loading a state dict into it, swaps each parameter's
    contents in place (``torch.utils.swap_tensors``)."""
    global _swap_module_params_on_conversion
    _swap_module_params_on_conversion = value


def get_swap_module_params_on_conversion() -> bool:
    return _swap_module_params_on_conversion
