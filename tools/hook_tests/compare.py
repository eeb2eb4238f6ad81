"""Run the behaviours of PyTorch's own hook tests (test/nn/test_module_hooks.py and the hook
tests of test/test_autograd.py), rewritten here as scripts that print what they observe,
under PyTorch and under hookgrad, and compare case by case.

  python tools/hook_tests/compare.py [-v] [FILE ...]

The behaviours hookgrad matches run in CI as parity cases (tests/parity/pt_*.py, standalone
scripts of the same shape); the scripts here hold the rest, with the reason they differ.

Each case is named after the PyTorch test whose behaviour it checks and runs in a process of
its own; a case matches when both libraries print the same thing. Prints one line per case
and the tally."""
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PARITY = REPO / "tests" / "parity"  # the behaviours that match are parity cases there
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


# Under hookgrad, `import torch` resolves to hookgrad through the parity runner's alias.
BOOT = ("import sys, runpy; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
        "import parity_runner; parity_runner.install_alias(); "
        "path = sys.argv[3]; sys.argv = [path]; runpy.run_path(path, run_name='__main__')")


def sections(script, library, only=()):
    """``{case: printed lines}`` of ``script`` run under ``library`` ('torch' or 'hookgrad')."""
    env = dict(os.environ, PYTHONPATH=str(PARITY), PYTHONWARNINGS="ignore",
               HOOK_CASES=",".join(only))
    command = ([sys.executable, str(script)] if library == "torch" else
               [sys.executable, "-c", BOOT, str(REPO), str(REPO / "tests"), str(script)])
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600,
                          cwd=script.parent)
    text = ADDRESS.sub("0x?", done.stdout.replace("hookgrad", "torch"))
    found, name = {}, None
    for line in text.splitlines():
        if line.startswith("== "):
            name = line[3:]
            found[name] = []
        elif name is not None:
            found[name].append(line)
    if done.returncode:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        found.setdefault(name or "<script>", []).append(f"[exit {done.returncode}] {tail}")
    return found


def main():
    verbose = "-v" in sys.argv
    chosen = [a for a in sys.argv[1:] if a != "-v"]
    scripts = ([Path(c).resolve() for c in chosen] or
               sorted(HERE.glob("[a-z]*.py")) + sorted(PARITY.glob("pt_*.py")))
    total = same = 0
    for script in scripts:
        if script.name == "compare.py":
            continue
        names = list(sections(script, "torch"))
        for name in names:
            # each case in a process of its own: one case's leftovers cannot break the next
            lines = sections(script, "torch", (name,)).get(name, ["<missing>"])
            got = sections(script, "hookgrad", (name,))
            total += 1
            match = got.get(name) == lines
            same += match
            print(f"{'same   ' if match else 'DIFFERS'} {script.stem}.{name}")
            if verbose and not match:
                mine = got.get(name, ["<missing>"])
                for i in range(max(len(lines), len(mine))):
                    a = lines[i] if i < len(lines) else ""
                    b = mine[i] if i < len(mine) else ""
                    if a != b:
                        print(f"    PyTorch:  {a}\n    hookgrad: {b}")
    print(f"{same} of {total} cases match")


if __name__ == "__main__":
    main()
