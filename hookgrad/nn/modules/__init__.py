"""Module and the layers built on it."""
from .module import Module  # noqa: F401
