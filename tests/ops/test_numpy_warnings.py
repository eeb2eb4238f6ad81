"""No NumPy warning reaches a user: NumPy's Python functions raise their floating-point
warnings (and "Mean of empty slice") from NumPy's own modules, where the filter ``import
hookgrad`` installs (for warnings raised in hookgrad's modules) does not reach, so hookgrad
calls ufunc methods instead. Run in a fresh interpreter, where the warnings filters are the
ones a user's script has (pytest replaces them)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_hostile_inputs_give_no_numpy_warning():
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "ops" / "numpy_warnings_bank.py")],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""


def test_users_numpy_calls_keep_their_warnings():
    code = ("import warnings, numpy as np, hookgrad\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    warnings.simplefilter('always')\n"
            "    np.mean(np.zeros(0)); np.add.reduce(np.array([np.inf, -np.inf]))\n"
            "print(sorted({str(w.message) for w in caught}))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120, check=True)
    assert "Mean of empty slice" in done.stdout
    assert "invalid value encountered in reduce" in done.stdout
