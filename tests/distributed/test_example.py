"""examples/ddp_digits.py: on 2 ranks it trains exactly as on 1 (the same global batches,
averaged gradients), and learns."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mpi4py", reason="the dist extra: pip install 'hookgrad[dist]'")

ROOT = Path(__file__).resolve().parents[2]


def _train(ranks, epochs):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT),
                                                       os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "hookgrad.distributed.run", "--nproc-per-node",
                           str(ranks), "examples/ddp_digits.py", "--epochs", str(epochs)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return re.findall(r"loss (\S+)  test accuracy (\S+)%", done.stdout)


def test_two_ranks_train_like_one():
    two = _train(2, 6)
    assert two[:3] == _train(1, 3)
    assert float(two[-1][1]) >= 90.0, two
