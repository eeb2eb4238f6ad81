"""hookgrad imports without MPI; a missing extra says how to install it."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _python(code):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH",
                                                                                   "")]))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)


def test_import_hookgrad_never_imports_mpi():
    done = _python(
        "import sys, hookgrad, hookgrad.distributed, hookgrad.nn.parallel\n"
        "import hookgrad.utils.data.distributed\n"
        "x = hookgrad.nn.parallel.DistributedDataParallel, hookgrad.distributed.all_reduce\n"
        "print(sorted(m for m in sys.modules if m.startswith('mpi4py')))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_missing_extra_says_how_to_install_it():
    # a None entry in sys.modules makes `import mpi4py` fail as if it were not installed
    done = _python(
        "import sys\n"
        "sys.modules['mpi4py'] = None\n"
        "import hookgrad.distributed as dist\n"
        "print(dist.is_available())\n"
        "dist.init_process_group('mpi')\n")
    assert done.stdout.strip() == "False"
    assert done.returncode == 1
    assert "RuntimeError" in done.stderr
    assert "pip install 'hookgrad[dist]'" in done.stderr, done.stderr
