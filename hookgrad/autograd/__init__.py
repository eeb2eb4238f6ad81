"""torch.autograd: backward(), grad(), Function, grad modes, gradcheck, anomaly detection."""
from . import engine, graph  # noqa: F401  (the engine, as hookgrad.autograd.engine)
from ._backward import backward, grad
from .anomaly_mode import detect_anomaly, set_detect_anomaly
from .function import Function, FunctionCtx, once_differentiable
from .grad_mode import enable_grad, inference_mode, is_grad_enabled, no_grad, set_grad_enabled
from .gradcheck import gradcheck, gradgradcheck
from .variable import Variable

__all__ = ["backward", "grad", "Function", "FunctionCtx", "once_differentiable", "no_grad",
           "enable_grad", "set_grad_enabled", "inference_mode", "is_grad_enabled",
           "detect_anomaly", "set_detect_anomaly", "gradcheck", "gradgradcheck", "graph",
           "Variable"]
