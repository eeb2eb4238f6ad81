"""Run the parity cases in tests/parity/ with hookgrad standing in for torch.

Each case is a plain PyTorch script; its expected stdout, recorded once with real PyTorch,
is tests/parity/expected/<case>.txt. Here the script runs in a subprocess in which
`import torch` (and `torch.<sub>`) resolves to `hookgrad` (and `hookgrad.<sub>`), and its
stdout is compared line by line: memory addresses (0x...) are ignored, a leading
`hookgrad.` reads as `torch.`, and numbers may differ by rtol 1e-3 / atol 1e-4.
Neither PyTorch nor anything outside this repository is needed.

    python tests/parity_runner.py [filter ...]    # cases whose name contains a filter
    python tests/parity_runner.py --record NAME   # (re)record NAME's output with real PyTorch
"""
import importlib
import importlib.abc
import importlib.util
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "parity"
EXPECTED = CASES / "expected"
TARGET = "hookgrad"
ADDR = re.compile(r"0x[0-9a-fA-F]+")
NUM = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|nan|inf)"
                 r"(?!\w)")


class TorchAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Import finder/loader making `torch[.sub]` the very module object `hookgrad[.sub]`."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "torch" and not fullname.startswith("torch."):
            return None
        real = TARGET + fullname[len("torch"):]
        try:
            spec = importlib.util.find_spec(real)
        except ImportError:
            spec = None
        if spec is None:  # never fall through to a real torch on sys.path
            raise ModuleNotFoundError(f"No module named {real!r} (standing in for {fullname!r})",
                                      name=fullname)
        return importlib.util.spec_from_loader(
            fullname, self, is_package=spec.submodule_search_locations is not None)

    def create_module(self, spec):
        module = importlib.import_module(TARGET + spec.name[len("torch"):])
        spec.loader_state = module.__spec__  # the import system overwrites __spec__ next
        return module

    def exec_module(self, module):
        module.__spec__ = module.__spec__.loader_state


def install_alias():
    if not any(isinstance(f, TorchAlias) for f in sys.meta_path):
        sys.meta_path.insert(0, TorchAlias())


# Runs inside the subprocess: project root on sys.path, alias on, then the case as __main__.
BOOT = ("import sys, runpy; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
        "import parity_runner; parity_runner.install_alias(); "
        "path = sys.argv[3]; sys.argv = [path]; runpy.run_path(path, run_name='__main__')")


def run_case(case, timeout=120):
    """Run one case script against hookgrad; return its stdout (+ '!! ...' line on failure)."""
    case = Path(case).resolve()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}
    env["PYTHONHASHSEED"] = "0"
    cmd = [sys.executable, "-c", BOOT, str(ROOT), str(ROOT / "tests"), str(case)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=case.parent,
                           timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return _end_line(out) + f"!! timeout after {timeout}s\n"
    if p.returncode == 0:
        return p.stdout
    last = (p.stderr.strip().splitlines() or ["?"])[-1]
    return _end_line(p.stdout) + f"!! exit {p.returncode}: {last}\n"


def _end_line(text):
    return text + "\n" if text and not text.endswith("\n") else text


def _lines(text):
    return [ln.rstrip() for ln in ADDR.sub("0x?", text).strip().splitlines()]


def _same_line(exp, got, rtol, atol):
    if exp == got:
        return True
    if NUM.sub("#", exp) != NUM.sub("#", got):
        return False
    for a, b in zip(NUM.findall(exp), NUM.findall(got)):
        if a == b:
            continue
        if _is_int(a) or _is_int(b):  # counts, ids, integer tensors: exact ('3' vs '3.' differs)
            return False
        x, y = float(a), float(b)
        if x != y and not (x != x and y != y) and not abs(x - y) <= atol + rtol * abs(x):
            return False
    return True


def _is_int(token):
    return token.lstrip("+-").isdigit()


def compare(expected, got, rtol=1e-3, atol=1e-4):
    """'' when `got` matches `expected`, else a one-line description of the first difference."""
    got = re.sub(rf"\b{TARGET}\.", "torch.", got)
    le, lg = _lines(expected), _lines(got)
    for i, (x, y) in enumerate(zip(le, lg)):
        if not _same_line(x, y, rtol, atol):
            return f"line {i + 1}: expected {x!r}, got {y!r}"
    if len(le) != len(lg):
        first = lg[len(le)] if len(lg) > len(le) else le[len(lg)]
        return f"{len(le)} lines expected, {len(lg)} got (first unmatched: {first!r})"
    return ""


def cpu_isa():
    """PyTorch's name for this CPU's vector ISA ("AVX512", "AVX2", "DEFAULT")."""
    sys.path.insert(0, str(ROOT))
    from hookgrad.backends.cpu import get_cpu_capability
    return get_cpu_capability()


def expected_path(case):
    """``NAME.txt``; for a case whose output depends on the vector ISA PyTorch's kernels are
    dispatched for (a vector loop's tail, oneDNN's kernel choice), ``NAME.<ISA>.txt`` of
    this CPU's ISA, which may not exist (see ``recorded_isas``)."""
    plain = EXPECTED / (Path(case).stem + ".txt")
    if plain.exists() or not recorded_isas(case):
        return plain
    return EXPECTED / f"{Path(case).stem}.{cpu_isa()}.txt"


def recorded_isas(case):
    """The ISAs a case's output was recorded on, where it is recorded per ISA."""
    return sorted(p.name.split(".")[-2] for p in EXPECTED.glob(f"{Path(case).stem}.*.txt"))


def case_paths(filters=()):
    """Case scripts that have an expected output (for some ISA), optionally filtered by name
    substrings."""
    return [p for p in sorted(CASES.glob("*.py"))
            if (expected_path(p).exists() or recorded_isas(p))
            and (not filters or any(f in p.name for f in filters))]


def check(case):
    expected = expected_path(case)
    if not expected.exists():
        return SKIPPED
    return compare(expected.read_text(), run_case(case))


SKIPPED = "not recorded on this CPU's ISA"


def check_all(cases):
    """``check`` of each case, run in parallel (each case is its own process)."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(check, cases))


def record(names):
    """Run each named case with real PyTorch (``torch`` installed) and keep its stdout as the
    expected output."""
    for name in names:
        case = (CASES / name).with_suffix(".py")
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}
        env["PYTHONHASHSEED"] = "0"
        p = subprocess.run([sys.executable, str(case)], capture_output=True, text=True, env=env,
                           cwd=case.parent)
        if p.returncode != 0:
            print(f"{name}: PyTorch run failed:\n{p.stderr}")
            return 1
        expected_path(case).write_text(p.stdout)
        print(f"recorded {expected_path(case).relative_to(ROOT)}")
    return 0


def main(argv):
    if argv[:1] == ["--record"]:
        return record(argv[1:])
    cases = case_paths(argv)
    results = check_all(cases)
    failed = 0
    skipped = 0
    for case, why in zip(cases, results):
        if why == SKIPPED:
            skipped += 1
        elif why:
            failed += 1
            print(f"FAIL {case.stem}: {why}")
    print(f"{len(cases) - failed - skipped} passed, {failed} failed"
          + (f", {skipped} not recorded on this CPU's ISA ({cpu_isa()})" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
