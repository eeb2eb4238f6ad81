"""Classes whose construction or state-setting leaves a trace, for checkpoints that try to
run them: a weights-only load must leave no trace, a full load (the control) does."""
TRACES = []


class Trap:
    def __new__(cls, *args):
        TRACES.append(("new", args))
        return super().__new__(cls)

    def __setstate__(self, state):
        TRACES.append(("setstate", state))


def trap(*args):
    TRACES.append(("call", args))
    return "called"
