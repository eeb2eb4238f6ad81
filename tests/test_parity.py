"""One test per tests/parity/*.py case with a recorded expected output (see parity_runner)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from parity_runner import case_paths, check_all  # noqa: E402

from hookgrad._ops.onednn_isa import AVX2, AVX512_CORE, onednn_isa  # noqa: E402

CASES = case_paths()

# Cases whose recorded output needs a newer Python than the oldest supported one.
NEEDS_PYTHON = {"m9_hook_signatures": ((3, 11), "typing.Self, in the optimizer hook types, is "
                                                "new in Python 3.11")}

# Cases recorded on a CPU whose oneDNN kernels (PyTorch's CPU convolutions, gelu) differ by
# instruction set: hookgrad follows the kernels of the CPU it runs on (onednn_isa), so such a
# recording only holds on a CPU with that instruction set.
NEEDS_ISA = {"s20_conv_weight_grad_padding_nan": AVX512_CORE,
             "s21x_conv_transpose_weight_grad_nonfinite_input": AVX512_CORE,
             "s31_gelu_onednn_bits": AVX2}


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
    if NEEDS_ISA.get(case.stem, onednn_isa()) != onednn_isa():
        pytest.skip(f"recorded with oneDNN's {NEEDS_ISA[case.stem]} kernels; this CPU runs "
                    f"its {onednn_isa()} ones")
    why = parity_results[case]
    if why:
        pytest.fail(f"{case.stem}: {why}", pytrace=False)
