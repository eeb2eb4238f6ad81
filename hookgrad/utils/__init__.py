from . import hooks, data  # noqa: F401
