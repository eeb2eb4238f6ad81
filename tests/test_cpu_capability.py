"""torch.backends.cpu.get_cpu_capability() and ATEN_CPU_CAPABILITY, which picks the kernels
hookgrad follows as it picks PyTorch's (so one machine reproduces another's bits)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = ("import warnings; warnings.simplefilter('always'); import hookgrad.backends.cpu as c; "
         "print(c.get_cpu_capability(), c.VECTOR_BYTES)")


def _run(value):
    env = {k: v for k, v in os.environ.items() if k != "ATEN_CPU_CAPABILITY"}
    if value is not None:
        env["ATEN_CPU_CAPABILITY"] = value
    env["PYTHONPATH"] = str(ROOT)
    p = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    return p.stdout.split(), p.stderr


@pytest.mark.parametrize("value, capability, vector_bytes", [
    ("avx2", "AVX2", "32"), ("avx512", "AVX512", "64"), ("default", "DEFAULT", "32")])
def test_requested_capability_is_used(value, capability, vector_bytes):
    assert _run(value) == ([capability, vector_bytes], "")


@pytest.mark.parametrize("value", ["AVX2", "avx512_vnni", ""])
def test_other_values_are_ignored_with_pytorchs_warning(value):
    (detected, _), _ = _run(None)
    (capability, _), err = _run(value)
    assert capability == detected
    assert f"UserWarning: ignoring invalid value for ATEN_CPU_CAPABILITY: {value}" in err
