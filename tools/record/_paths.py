"""Puts tests/ on sys.path, so a recorder imports the cases the tests run (``nn.layer_cases``)
and ``_recorded.save``, and runs them with real PyTorch."""
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[2] / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
