"""torch.__future__'s conversion flags and what .double() does to the parameter objects."""
from _lib import attempt, linear, torch

future = getattr(torch, "__future__", None)
attempt("torch.__future__", lambda: type(future).__name__)
for swap, overwrite in ((False, False), (True, False), (False, True)):
    def run(swap=swap, overwrite=overwrite):
        future.set_swap_module_params_on_conversion(swap)
        future.set_overwrite_module_params_on_conversion(overwrite)
        layer = linear([[1.0, 2.0]], [0.5])
        weight = layer.weight
        layer.double()
        return (future.get_swap_module_params_on_conversion(),
                future.get_overwrite_module_params_on_conversion(), layer.weight is weight,
                str(weight.dtype), str(layer.weight.dtype))
    attempt(f"swap={swap} overwrite={overwrite}", run)
