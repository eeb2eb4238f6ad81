"""Puts tests/ and the repository root on sys.path, so a recorder imports the cases the tests
run (``nn.layer_cases``), ``_recorded.save`` and hookgrad from this checkout, and runs the
cases with real PyTorch. tests/ goes first: its ``optim`` and ``nn`` packages are the ones
meant, not this folder's recorder scripts of the same names."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
