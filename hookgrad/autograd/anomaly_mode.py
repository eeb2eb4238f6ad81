"""detect_anomaly / set_detect_anomaly: forward tracebacks for backward errors, NaN checks."""
import threading
import traceback
import warnings

__all__ = ["detect_anomaly", "set_detect_anomaly", "is_anomaly_enabled",
           "is_anomaly_check_nan_enabled"]


class _Anomaly(threading.local):
    enabled = False
    check_nan = True

    def run_node(self, node, grads):
        """Run ``node``'s backward; on error, show where its forward was called."""
        try:
            outputs = node._apply(grads)
        except Exception:
            stack = node.metadata.get("traceback_")
            if stack:
                warnings.warn(f"Error detected in {node.name()}. Traceback of forward call that "
                              "caused the error:\n" + "".join(stack))
            raise
        if self.check_nan:
            import numpy as np
            for i, g in enumerate(outputs):
                if g is not None and g._data.dtype.kind == "f" and np.isnan(g._data).any():
                    raise RuntimeError(
                        f"Function '{node.name()}' returned nan values in its {i}th output.")
        return outputs


anomaly = _Anomaly()


def record_forward(node):
    node.metadata["traceback_"] = traceback.format_stack()[:-3]


def is_anomaly_enabled():
    return anomaly.enabled


def is_anomaly_check_nan_enabled():
    return anomaly.check_nan


class detect_anomaly:
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

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return wrapper


class set_detect_anomaly:
    """Set anomaly detection on or off; works as a call or a context manager."""

    def __init__(self, mode, check_nan=True):
        self._prev = (anomaly.enabled, anomaly.check_nan)
        anomaly.enabled, anomaly.check_nan = bool(mode), check_nan

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        anomaly.enabled, anomaly.check_nan = self._prev
        return False
