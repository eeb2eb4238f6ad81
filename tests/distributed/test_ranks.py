"""Collectives and DDP on 2 and 4 MPI ranks of this machine, through the launcher.

ranks/run_checks.py runs every check of ranks/checks_*.py on every rank (one launch per
world size) and reports per check; each check is one test here."""
import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mpi4py", reason="the dist extra: pip install 'hookgrad[dist]'")

ROOT = Path(__file__).resolve().parents[2]
RANKS = Path(__file__).resolve().parent / "ranks"


def _check_names():
    names = []
    for path in sorted(RANKS.glob("checks_*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id == "check" for d in node.decorator_list):
                names.append(node.name)
    return names


@pytest.fixture(scope="module", params=[2, 4], ids=["2 ranks", "4 ranks"])
def results(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"ranks{request.param}") / "results.json"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-m", "hookgrad.distributed.run", "--nproc-per-node",
                           str(request.param), str(RANKS / "run_checks.py"), str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    found = json.loads(out.read_text())["results"] if out.exists() else {}
    trouble = None
    if done.returncode != 0:
        errors = "".join(p.read_text() for p in out.parent.glob("results.json.rank*.err"))
        trouble = (f"the {request.param}-rank run failed (exit {done.returncode}):\n{errors}\n"
                   f"{done.stderr[-4000:]}")
    return request.param, found, trouble


@pytest.mark.parametrize("name", _check_names())
def test_check(results, name):
    world, found, trouble = results
    if name not in found:
        pytest.fail(trouble or f"{name} did not run on {world} ranks")
    errors = found[name]
    assert errors is None, "\n".join(f"rank {r}:\n{e}" for r, e in errors.items())
