"""The few ``torch._C`` introspection functions that hook code uses."""
from . import _warn_once
from .autograd import engine as _engine
from .autograd._saved_tensors import saved_hooks_state as _saved_hooks_state
from .autograd.grad_mode import state as _grad_state


def _current_graph_task_id():
    return _engine.current_graph_task_id()


def _current_autograd_node():
    return _engine.current_node()


def _will_engine_execute_node(node):
    task = _engine.current_task()
    if task is None:
        raise RuntimeError("_will_engine_execute_node should only be called during the backward "
                           "pass")
    if task.exec_info is not None:
        return node in task.exec_info
    return node in task.reachable


def _set_grad_enabled(mode):
    _grad_state.grad_enabled = bool(mode)


def is_grad_enabled():
    return _grad_state.grad_enabled


_set_warnAlways = _warn_once.set_warn_always
_get_warnAlways = _warn_once.is_warn_always_enabled


class _autograd:
    """``torch._C._autograd``: the saved-tensor-hooks switch that
    ``disable_saved_tensors_hooks`` flips."""

    @staticmethod
    def _saved_tensors_hooks_is_enabled():
        return _saved_hooks_state.disabled is None

    @staticmethod
    def _saved_tensors_hooks_get_disabled_error_message():
        return _saved_hooks_state.disabled
