"""detect_anomaly / set_detect_anomaly: forward tracebacks for backward errors, NaN checks."""
import contextlib
import os
import threading
import traceback
import warnings

import numpy as np

__all__ = ["detect_anomaly", "set_detect_anomaly", "is_anomaly_enabled",
           "is_anomaly_check_nan_enabled", "set_anomaly_enabled"]


class _Anomaly(threading.local):
    enabled = False
    check_nan = True

    def run_node(self, node, grads):
        """Run ``node``'s backward and check it for NaNs; on either error, show where its
        forward was called."""
        try:
            outputs = node._apply(grads)
            if self.check_nan:
                _check_nan(node, outputs)
        except Exception:
            stack = node.metadata.get("traceback_")
            if stack:
                # (PyTorch warns from C++, which appends where, after the traceback)
                warnings.warn(f"Error detected in {node.name()}. Traceback of forward call that "
                              "caused the error:\n" + "".join(stack) + " (Triggered internally "
                              "at /__w/pytorch/pytorch/torch/csrc/autograd/"
                              "python_anomaly_mode.cpp:122.)", stacklevel=1)
            raise
        return outputs


def _check_nan(node, outputs):
    for i, g in enumerate(outputs):
        if g is not None and g._data.dtype.kind in "fVc" and np.isnan(g._data).any():
            raise RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th output.")


anomaly = _Anomaly()


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_MODULES_DIR = os.path.join(_PACKAGE_DIR, "nn", "modules") + os.sep  # Python in PyTorch too


def record_forward(node):
    """Keep the stack that created ``node`` for the error report, as PyTorch's ends: at the
    call into the op (hookgrad's op plumbing, C++ in PyTorch, is left out; module code,
    Python in both, is kept)."""
    frames = traceback.extract_stack()
    end = len(frames)
    while end and frames[end - 1].filename.startswith(_PACKAGE_DIR) and \
            not frames[end - 1].filename.startswith(_MODULES_DIR):
        end -= 1
    node.metadata["traceback_"] = traceback.format_list(frames[:end])


def is_anomaly_enabled():
    return anomaly.enabled


def is_anomaly_check_nan_enabled():
    return anomaly.check_nan


def set_anomaly_enabled(enabled, check_nan=True):
    """``torch.set_anomaly_enabled``: switch anomaly detection for this thread."""
    anomaly.enabled, anomaly.check_nan = bool(enabled), check_nan


class detect_anomaly(contextlib.ContextDecorator):
    """Context manager / decorator enabling anomaly detection."""

    def __init__(self, check_nan=True):
        self.check_nan = check_nan
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime "
                      "and should only be enabled for debugging.", stacklevel=2)

    def __enter__(self):
        self._prev = (anomaly.enabled, anomaly.check_nan)
        anomaly.enabled, anomaly.check_nan = True, self.check_nan

    def __exit__(self, *exc):
        anomaly.enabled, anomaly.check_nan = self._prev
        return False


class set_detect_anomaly:
    """Set anomaly detection on or off; works as a call or a context manager."""

    def __init__(self, mode, check_nan=True):
        self._prev = (anomaly.enabled, anomaly.check_nan)
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        anomaly.enabled, anomaly.check_nan = self._prev
        return False
