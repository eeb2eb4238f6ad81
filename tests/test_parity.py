"""One test per tests/parity/*.py case with a recorded expected output (see parity_runner)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from parity_runner import case_paths, check_all  # noqa: E402

CASES = case_paths()

# Cases whose recorded output needs a newer Python than the oldest supported one.
NEEDS_PYTHON = {"m9_hook_signatures": ((3, 11), "typing.Self, in the optimizer hook types, is "
                                                "new in Python 3.11")}

# Cases recorded where a kernel PyTorch picks by the CPU's vector ISA gives other bits than
# on other CPUs (hookgrad follows the ISA it detects, as PyTorch does).
NEEDS_CPU = {"s31_gelu_onednn_bits": ("AVX2", "oneDNN's gelu of an AVX2 CPU")}


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
    if case.stem in NEEDS_CPU:
        from hookgrad.backends.cpu import get_cpu_capability
        capability, kernel = NEEDS_CPU[case.stem]
        if get_cpu_capability() != capability:
            pytest.skip(f"recorded with {kernel}; this CPU's best ISA is {get_cpu_capability()}")
    why = parity_results[case]
    if why:
        pytest.fail(f"{case.stem}: {why}", pytrace=False)
