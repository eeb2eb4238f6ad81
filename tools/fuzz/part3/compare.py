"""Run every part-3 probe under PyTorch and hookgrad and print whether their output differs.

  python tools/fuzz/part3/compare.py [-v]"""
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]


def output(probe, library):
    env = dict(os.environ, PYTHONPATH=f"{REPO}{os.pathsep}{HERE}", PYTHONWARNINGS="ignore")
    done = subprocess.run([sys.executable, str(probe), library], capture_output=True, text=True,
                          env=env, timeout=300, cwd=HERE)
    text = done.stdout + (f"[exit {done.returncode}] {done.stderr.strip().splitlines()[-1]}"
                          if done.returncode else "")
    return text.replace("hookgrad", "torch")


def main():
    verbose = "-v" in sys.argv
    for probe in sorted(HERE.glob("p[0-9]*.py")):
        expected, got = output(probe, "torch"), output(probe, "hookgrad")
        print(f"{'same   ' if expected == got else 'DIFFERS'} {probe.stem}: "
              f"{probe.read_text().split(chr(10))[0].strip(chr(34))}")
        if verbose and expected != got:
            lines_a, lines_b = expected.splitlines(), got.splitlines()
            for i in range(max(len(lines_a), len(lines_b))):
                a = lines_a[i] if i < len(lines_a) else ""
                b = lines_b[i] if i < len(lines_b) else ""
                if a != b:
                    print(f"    PyTorch:  {a}\n    hookgrad: {b}")


if __name__ == "__main__":
    main()
