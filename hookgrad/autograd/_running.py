"""What backward runs on this thread: the graph tasks (a re-entrant backward nests one inside
another) and the node running user code. The engine pushes and pops; hooks that must know
their graph task (multi-grad hooks, ``torch._C._current_graph_task_id``) read, without
importing the engine."""
import threading


class _TaskStack(threading.local):
    def __init__(self):
        self.tasks = []   # graph tasks running on this thread (re-entrant backward nests)
        self.nodes = []   # node currently executing, per task


_local = _TaskStack()


def current_task():
    return _local.tasks[-1] if _local.tasks else None


def current_graph_task_id():
    task = current_task()
    return -1 if task is None else task.id


def current_node():
    return _local.nodes[-1] if _local.nodes else None


def running_nodes():
    """This thread's stack of nodes running user code (``_current_autograd_node()``)."""
    return _local.nodes


def call_as_node(node, fn, *args):
    """``fn(*args)`` with ``node`` as ``_current_autograd_node()`` (user code in a backward)."""
    nodes = _local.nodes
    nodes.append(node)
    try:
        return fn(*args)
    finally:
        nodes.pop()


def should_compute_output(node, i):
    """Whether the running backward pass needs ``node``'s gradient for its input ``i``
    (PyTorch's task_should_compute_output): autograd.grad and backward(inputs=) may not. For
    a formula whose unneeded gradient would raise; the engine drops unneeded ones anyway."""
    child = node._next[i][0]
    if child is None:
        return False
    task = current_task()
    return task is None or task.should_execute(child)


# {graph task: function}: run once when the task's pass ends, however it ends (the ZeroTensor
# rules that sgn's backward switches on for the rest of its pass: see _zero_tensor.py)
pass_end_actions = {}


def end_task():
    """Pop this thread's innermost graph task (the pass ended), running its end action."""
    task = _local.tasks.pop()
    if pass_end_actions:
        action = pass_end_actions.pop(task, None)
        if action is not None:
            action()
