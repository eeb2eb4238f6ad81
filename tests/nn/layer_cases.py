"""Every nn layer case by name: the cases of layer_cases_modules and
layer_cases_attention_losses together."""
from . import layer_cases_attention_losses, layer_cases_modules

CASES = {**layer_cases_modules.CASES, **layer_cases_attention_losses.CASES}
