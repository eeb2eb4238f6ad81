"""One test per tests/parity/*.py case with a recorded expected output (see parity_runner)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from parity_runner import case_paths, check  # noqa: E402

CASES = case_paths()


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_parity(case):
    why = check(case)
    if why:
        pytest.fail(f"{case.stem}: {why}", pytrace=False)
