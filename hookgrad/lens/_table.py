"""Table: the text tables the lens tools return, shown as tables at the REPL too."""

__all__ = ["Table"]


class Table(str):
    """A ``str`` whose repr is itself: ``print(t.summary())`` and a bare ``t.summary()`` at
    the interactive prompt both show the table, not one quoted line with ``\\n`` escapes.
    Everything else is a plain string (``in``, ``splitlines()``, writing to a file)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)
