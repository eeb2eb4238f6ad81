"""One test per tests/parity/*.py case with a recorded expected output (see parity_runner)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from parity_runner import SKIPPED, case_items, check_all, item_name, machine_isas  # noqa: E402

ITEMS = case_items()

# Cases whose recorded output needs a newer Python than the oldest supported one.
NEEDS_PYTHON = {"m9_hook_signatures": ((3, 11), "typing.Self, in the optimizer hook types, is "
                                                "new in Python 3.11")}


@pytest.fixture(scope="session")
def parity_results(request):
    """Every selected case's verdict, run in parallel up front (each is a subprocess)."""
    selected = [item.callspec.params["item"] for item in request.session.items
                if getattr(item, "originalname", None) == "test_parity"]
    return dict(zip(selected, check_all(selected)))


@pytest.mark.parametrize("item", ITEMS, ids=[item_name(i) for i in ITEMS])
def test_parity(item, parity_results):
    version, reason = NEEDS_PYTHON.get(item[0].stem, ((0,), ""))
    if sys.version_info < version:
        pytest.skip(reason)
    why = parity_results[item]
    if why == SKIPPED:
        pytest.skip(f"recorded for {item[1]} (the output depends on the vector ISA PyTorch's "
                    f"kernels use); this CPU runs {', '.join(machine_isas()) or 'neither'}")
    if why:
        pytest.fail(f"{item_name(item)}: {why}", pytrace=False)
