"""Makes tests/ importable from every test folder (``from _recorded import load``)."""
