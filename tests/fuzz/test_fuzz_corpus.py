"""Replays the fuzz corpus: programs made by tools/fuzz, with the trace PyTorch gave for each
(values, dtypes, grads, hook calls, node names, exceptions, warnings), run here with hookgrad
alone. Every program must give PyTorch's trace, except those listed in known_differences.txt,
which run as strict xfails: when a fix makes one match, remove its line."""
import sys
import warnings
from pathlib import Path

import pytest

import hookgrad

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "fuzz"))
from hgfuzz.compare import classify  # noqa: E402
from hgfuzz.corpus import load_corpus, load_known  # noqa: E402
from hgfuzz.interpreter import run  # noqa: E402

CORPUS = load_corpus()
KNOWN = load_known()


@pytest.fixture(autouse=True)
def _numpy_warnings_as_after_import_hookgrad():
    """``import hookgrad`` ignores NumPy's floating-point RuntimeWarnings raised in its own
    modules; pytest drops that filter with the ones it restores after collection, so it is put
    back here (the corpus was recorded with it, as users run)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", r"(overflow|divide by zero|invalid value|underflow) "
                                "encountered", RuntimeWarning, r"hookgrad(\.|$)")
        yield


def _entries():
    for entry in CORPUS["entries"]:
        marks = ()
        if entry["id"] in KNOWN:
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN[entry["id"]]),)
        yield pytest.param(entry, id=entry["id"], marks=marks)


@pytest.mark.parametrize("entry", _entries())
def test_program_gives_pytorchs_trace(entry):
    verdict = classify(entry["program"], entry["trace"], run(entry["program"], hookgrad))
    if verdict.category != "identical":
        diff = verdict.diff
        pytest.fail(f"{verdict.signature}\n  at step {diff.step}\n  PyTorch:  {diff.torch}\n"
                    f"  hookgrad: {diff.hookgrad}\n  (python tools/fuzz/run.py --show "
                    f"{entry['id']} prints the program as a script)", pytrace=False)


def test_corpus_is_large_and_from_pytorch():
    assert len(CORPUS["entries"]) >= 2000
    assert CORPUS["torch"].startswith("2.")


def test_every_known_difference_is_in_the_corpus():
    ids = {entry["id"] for entry in CORPUS["entries"]}
    assert not set(KNOWN) - ids
