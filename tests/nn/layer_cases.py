"""Every nn layer case by name: the cases of layer_cases_modules,
layer_cases_attention_losses and layer_cases_transformer together."""
from . import layer_cases_attention_losses, layer_cases_modules, layer_cases_transformer

CASES = {**layer_cases_modules.CASES, **layer_cases_attention_losses.CASES,
         **layer_cases_transformer.CASES}
