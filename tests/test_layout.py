"""The line budget: no Python file of the package, its tools or its benchmarks is longer than
600 lines (split by concern before that; see STYLE)."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUDGET = 600
CHECKED = ("hookgrad", "tools", "benchmarks")


def _line_counts():
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            with open(path, encoding="utf-8") as f:
                yield path.relative_to(ROOT), sum(1 for _ in f)


def test_no_file_over_the_budget():
    over = [f"{path}: {count} lines" for path, count in _line_counts() if count > BUDGET]
    assert not over, f"over the {BUDGET}-line budget (split by concern):\n" + "\n".join(over)


def test_the_budget_sees_the_package():
    counted = dict(_line_counts())
    assert pathlib.Path("hookgrad/_tensor.py") in counted
    assert len(counted) > 100
