"""One test per tests/parity/*.py case with a recorded expected output (see parity_runner)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from parity_runner import SKIPPED, case_paths, check_all, cpu_isa, recorded_isas  # noqa: E402

CASES = case_paths()

# Cases whose recorded output needs a newer Python than the oldest supported one.
NEEDS_PYTHON = {"m9_hook_signatures": ((3, 11), "typing.Self, in the optimizer hook types, is "
                                                "new in Python 3.11")}


@pytest.fixture(scope="session")
def parity_results(request):
    """Every selected case's verdict, run in parallel up front (each is a subprocess)."""
    selected = [item.callspec.params["case"] for item in request.session.items
                if getattr(item, "originalname", None) == "test_parity"]
    return dict(zip(selected, check_all(selected)))


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_parity(case, parity_results):
    version, reason = NEEDS_PYTHON.get(case.stem, ((0,), ""))
    if sys.version_info < version:
        pytest.skip(reason)
    why = parity_results[case]
    if why == SKIPPED:
        pytest.skip(f"recorded on {', '.join(recorded_isas(case))} CPUs only (the output "
                    f"depends on the vector ISA PyTorch's kernels use); this one is {cpu_isa()}")
    if why:
        pytest.fail(f"{case.stem}: {why}", pytrace=False)
