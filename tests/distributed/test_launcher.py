"""The launcher (python -m hookgrad.distributed.run) and plain mpiexec on this machine: the
script runs as __main__ on every rank; a failing rank's exit code comes back, the other
ranks are stopped within seconds even inside a collective, and no process is left."""
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from hookgrad.distributed import run

pytest.importorskip("mpi4py", reason="the dist extra: pip install 'hookgrad[dist]'")

ROOT = Path(__file__).resolve().parents[2]
TARGET = Path(__file__).resolve().parent / "ranks" / "launch_target.py"


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("OMPI_ALLOW_RUN_AS_ROOT")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    env.update(extra)
    return env


def _command_lines():
    """(state, command line) of every process, from /proc."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        found.append((state, args))
    return found


def _left_behind(token, patience=5.0):
    """Live processes whose command line holds ``token``, once given ``patience`` seconds to
    go (a process killed a moment ago may still be listed while the kernel tears it down)."""
    deadline = time.monotonic() + patience
    while True:
        alive = [args for state, args in _command_lines() if token in args and state != "Z"]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def _shared_memory_segments():
    """Open MPI's shared-memory files: a job that ends without cleaning up leaves them."""
    try:
        return {name for name in os.listdir("/dev/shm") if name.startswith("sm_segment")}
    except OSError:
        return set()


def launch(n, mode, timeout=120):
    token = uuid.uuid4().hex
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "hookgrad.distributed.run", "--nproc-per-node",
                           str(n), str(TARGET), mode, token], cwd=ROOT, env=_env(),
                          capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - start, token


def test_runs_the_script_as_main_on_every_rank():
    done, _, token = launch(2, "ok")
    assert done.returncode == 0, done.stderr
    lines = sorted((json.loads(line) for line in done.stdout.splitlines()
                    if line.startswith("{")), key=lambda r: r["rank"])
    assert [r["rank"] for r in lines] == [0, 1]
    for r in lines:
        assert r["world"] == 2 and r["name"] == "__main__"
        assert r["env"] == [str(r["rank"]), "2", str(r["rank"]), "2"]
        assert r["argv"] == [str(TARGET), "ok", token]
        assert r["sum"] == 3 and r["dtype"] == "torch.int64"
    assert _left_behind(token) == []


@pytest.mark.parametrize("n, mode, code, message", [
    (2, "raise", 1, "[rank1]: ValueError: boom on rank 1"),
    (2, "exit", 3, None),
    (4, "kill", 137, None),           # 4 ranks on this machine's cores: oversubscribed
    (2, "early", 4, None),            # as the script starts, before it calls on MPI
])
def test_a_failing_rank_stops_the_job(n, mode, code, message):
    segments = _shared_memory_segments()
    done, elapsed, token = launch(n, mode)
    assert done.returncode == code, (done.returncode, elapsed, done.stderr[-2000:])
    if message:
        assert message in done.stderr, done.stderr[-2000:]
    # the others were inside an all-reduce (or starting MPI) and are stopped within seconds
    assert elapsed < 30, elapsed
    assert _left_behind(token) == []
    assert _shared_memory_segments() <= segments


def test_stopping_the_launcher_stops_every_rank():
    token = uuid.uuid4().hex
    process = subprocess.Popen([sys.executable, "-m", "hookgrad.distributed.run",
                                "--nproc-per-node", "2", str(TARGET), "wait", token], cwd=ROOT,
                               env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    for _ in range(2):   # both ranks are up, one inside the all-reduce
        assert process.stdout.readline().strip() == "waiting"
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 128 + signal.SIGTERM
    assert _left_behind(token) == []


def test_launcher_environment():
    # Open MPI's root permission goes into mpiexec's own environment, never the caller's.
    args, parser = run._parse(["--nproc-per-node", "3", "train.py", "--lr", "0.1"])
    assert args.training_script_args == ["--lr", "0.1"]
    before = dict(os.environ)
    command, env = run._command(args, 3)
    assert dict(os.environ) == before
    assert command[-4:] == ["--", "train.py", "--lr", "0.1"]
    open_mpi = run._is_open_mpi(command[0])
    root = os.geteuid() == 0
    assert (env.get("OMPI_ALLOW_RUN_AS_ROOT") == "1") == (open_mpi and root)
    assert ("--oversubscribe" in command) == (open_mpi and 3 > run._cores())
    with pytest.raises(SystemExit):
        run._parse(["--nnodes", "2", "train.py"])


def _mpiexec(n, *args, timeout=120):
    mpiexec = run._find_mpiexec(None)
    extra = {}
    if os.geteuid() == 0 and run._is_open_mpi(mpiexec):
        extra = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}
    command = [mpiexec, "-n", str(n)]
    if run._is_open_mpi(mpiexec) and n > run._cores():
        command.append("--oversubscribe")
    return subprocess.run(command + [sys.executable, *args], cwd=ROOT, env=_env(**extra),
                          capture_output=True, text=True, timeout=timeout)


def test_plain_mpiexec_runs_the_same_script():
    token = uuid.uuid4().hex
    done = _mpiexec(2, str(TARGET), "ok", token)
    assert done.returncode == 0, done.stderr
    ranks = sorted(json.loads(line)["rank"] for line in done.stdout.splitlines()
                   if line.startswith("{"))
    assert ranks == [0, 1]


def test_plain_mpiexec_an_uncaught_exception_aborts_the_job():
    # init_process_group's excepthook: the failing rank aborts instead of waiting forever
    # in MPI's finalisation while the other waits for it in the all-reduce
    token = uuid.uuid4().hex
    start = time.monotonic()
    done = _mpiexec(2, str(TARGET), "raise", token)
    assert done.returncode != 0
    assert "[rank1]: ValueError: boom on rank 1" in done.stderr, done.stderr[-2000:]
    assert time.monotonic() - start < 30
    assert _left_behind(token) == []


def test_init_without_a_launcher_where_one_is_needed():
    script = ("import hookgrad.distributed as dist\n"
              "dist.init_process_group('mpi')\n")
    segments = _shared_memory_segments()
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT,
                          env=_env(WORLD_SIZE="2"), capture_output=True, text=True, timeout=60)
    # a process no launcher started uses no shared memory (Open MPI would leave it behind)
    assert _shared_memory_segments() <= segments
    assert done.returncode == 1
    assert ("a world of 2 processes was asked for, but this process was not started by an "
            "MPI launcher") in done.stderr, done.stderr
    assert "python -m hookgrad.distributed.run --nproc-per-node 2" in done.stderr
