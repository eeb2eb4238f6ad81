"""The launcher, in torchrun's shape: ``python -m hookgrad.distributed.run --nproc-per-node N
script.py args...`` starts N ranks of ``script.py`` on this machine through ``mpiexec``.

It is also what each rank runs: started by an MPI launcher (ours, or a cluster's
``mpiexec -n N -hostfile hosts python -m hookgrad.distributed.run script.py``), it starts
MPI, runs the script as ``__main__`` with its arguments, sets torchrun's RANK / LOCAL_RANK /
WORLD_SIZE / LOCAL_WORLD_SIZE, and, if the script fails, prints the error and aborts the
whole MPI job with the script's exit code. Without that abort a failed rank would wait in MPI's
finalisation while the others wait for it inside a collective, and nothing would end.

When run as root, Open MPI's ``mpiexec`` gets OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM) in its own
environment (never the caller's), and ``--oversubscribe`` when ranks outnumber cores."""
import argparse
import os
import runpy
import shutil
import signal
import subprocess
import sys
import traceback

from . import _mpi


def _parse(argv):
    parser = argparse.ArgumentParser(
        prog="python -m hookgrad.distributed.run",
        description="Run a training script on N MPI ranks of this machine (torchrun's "
                    "shape). On a cluster, run it under the cluster's mpiexec instead: "
                    "mpiexec -n N -hostfile HOSTS python -m hookgrad.distributed.run "
                    "script.py ...")
    parser.add_argument("--nproc-per-node", "--nproc_per_node", default="1",
                        help="ranks to start: a number, or 'auto' / 'cpu' for one per core")
    parser.add_argument("--nnodes", default="1",
                        help="only 1: for several machines use mpiexec with a hostfile")
    parser.add_argument("--standalone", action="store_true",
                        help="accepted for torchrun compatibility (always standalone)")
    parser.add_argument("-m", "--module", action="store_true",
                        help="run the script argument as a module (python -m)")
    parser.add_argument("--mpiexec", default=None,
                        help="the mpiexec to use (default: the one installed next to this "
                             "Python, else the first on PATH)")
    parser.add_argument("training_script")
    parser.add_argument("training_script_args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.nnodes not in ("1", "1:1"):
        parser.error("--nnodes must be 1: to run on several machines, start the ranks with "
                     "your cluster's mpiexec (-n N -hostfile HOSTS) running "
                     "`python -m hookgrad.distributed.run script.py ...`")
    return args, parser


def _cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _ranks_wanted(value, parser):
    if value in ("auto", "cpu"):
        return _cores()
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        parser.error(f"--nproc-per-node must be a positive number, 'auto' or 'cpu'; got "
                     f"{value!r}")
    return n


# -- the launcher ---------------------------------------------------------------------------

def _find_mpiexec(explicit):
    if explicit:
        return explicit
    beside_python = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    if os.access(beside_python, os.X_OK):
        return beside_python
    found = shutil.which("mpiexec") or shutil.which("mpirun")
    if found is None:
        raise SystemExit(
            "hookgrad.distributed.run: no mpiexec found. Install the extra "
            f"({_mpi.EXTRA_HINT}: mpi4py with the Open MPI wheels, which bring mpiexec), or "
            "pass --mpiexec PATH.")
    return found


def _is_open_mpi(mpiexec):
    try:
        version = subprocess.run([mpiexec, "--version"], capture_output=True, text=True,
                                 timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "Open MPI" in version.stdout + version.stderr


def _command(args, n):
    """The mpiexec command line and the environment it runs in."""
    mpiexec = _find_mpiexec(args.mpiexec)
    command = [mpiexec, "-n", str(n)]
    env = dict(os.environ)
    if _is_open_mpi(mpiexec):
        if os.geteuid() == 0:
            env["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
            env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
        if n > _cores():
            command.append("--oversubscribe")
    command += [sys.executable, "-m", "hookgrad.distributed.run"]
    if args.module:
        command.append("-m")
    command += ["--", args.training_script, *args.training_script_args]
    return command, env


def _launch(args, n):
    command, env = _command(args, n)
    # Its own session: a signal for us is passed on once, and anything it leaves is ours.
    process = subprocess.Popen(command, env=env, start_new_session=True)
    forward = _Forwarder(process)
    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        code = process.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _kill_session(process.pid)
    if forward.received is not None:   # stopped from outside: say so, as a shell would
        return 128 + forward.received
    return 128 - code if code < 0 else code


def _kill_session(session):
    """Kill whatever is left in the session mpiexec led (it should have stopped its ranks,
    which sit in process groups of their own): nothing is left behind."""
    try:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:  # no /proc: rely on mpiexec
        return
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:   # after the name: state, ppid, pgrp, session
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


class _Forwarder:
    """Signal handler: pass SIGINT / SIGTERM on to mpiexec, which stops the ranks."""

    def __init__(self, process):
        self.process = process
        self.received = None

    def __call__(self, signum, frame):
        self.received = signum
        if self.process.poll() is None:
            self.process.send_signal(signum)


# -- one rank -------------------------------------------------------------------------------

def _run_rank(args, variables):
    rank, size, local_rank, local_size = variables
    os.environ.update(RANK=rank, WORLD_SIZE=size, LOCAL_RANK=local_rank,
                      LOCAL_WORLD_SIZE=local_size)
    sys.argv = [args.training_script, *args.training_script_args]
    code = 0
    try:
        # MPI starts before the script does: a rank that then fails at once still aborts
        # the job through MPI (Open MPI's runtime can itself crash when a rank exits while
        # the others are still starting MPI).
        _mpi.load()
        if args.module:
            runpy.run_module(args.training_script, run_name="__main__", alter_sys=True)
        else:
            sys.path[0] = os.path.dirname(os.path.abspath(args.training_script))
            runpy.run_path(args.training_script, run_name="__main__")
    except SystemExit as exit_:
        code = _exit_code(exit_.code)
    except KeyboardInterrupt:
        code = 130
    except BaseException:  # the script failed: report it, then take the job down with it
        _print_error(rank)
        code = 1
    if code:
        _abort(code)
    return 0


def _exit_code(value):
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    print(value, file=sys.stderr)  # sys.exit("message"), as Python does
    return 1


def _print_error(rank):
    text = "".join(traceback.format_exception(*sys.exc_info()))
    sys.stderr.write("\n".join(f"[rank{rank}]: {line}" if line else ""
                               for line in text.split("\n")))
    sys.stderr.flush()


def _abort(code):
    sys.stdout.flush()
    sys.stderr.flush()
    MPI = _mpi.loaded()
    if MPI is not None:
        MPI.COMM_WORLD.Abort(code)
    os._exit(code)  # MPI never started here: exiting non-zero makes the launcher stop the job


def main(argv=None):
    args, parser = _parse(sys.argv[1:] if argv is None else argv)
    variables = _mpi.launcher_rank_variables()
    if variables is not None:
        return _run_rank(args, variables)
    return _launch(args, _ranks_wanted(args.nproc_per_node, parser))


if __name__ == "__main__":
    sys.exit(main())
