"""Run the parity cases in tests/parity/ with hookgrad standing in for torch.

Each case is a plain PyTorch script; its expected stdout, recorded once with real PyTorch,
is tests/parity/expected/<case>.txt. Here the script runs in a subprocess in which
`import torch` (and `torch.<sub>`) resolves to `hookgrad` (and `hookgrad.<sub>`), and its
stdout is compared line by line: memory addresses (0x...) are ignored, a leading
`hookgrad.` reads as `torch.`, and numbers may differ by rtol 1e-3 / atol 1e-4.
Neither PyTorch nor anything outside this repository is needed.

    python tests/parity_runner.py [filter ...]    # cases whose name contains a filter
    python tests/parity_runner.py --record NAME   # (re)record NAME's output with real PyTorch
    python tests/parity_runner.py --record --isa AVX2 NAME   # ... as NAME.AVX2.txt
"""
import functools
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
INF = float("inf")
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


def run_case(case, timeout=120, isa=None):
    """Run one case script against hookgrad (with ``isa``'s kernels, see ``ISA_ENVIRONMENT``);
    return its stdout (+ '!! ...' line on failure)."""
    case = Path(case).resolve()
    cmd = [sys.executable, "-c", BOOT, str(ROOT), str(ROOT / "tests"), str(case)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=_environment(isa),
                           cwd=case.parent, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return _end_line(out) + f"!! timeout after {timeout}s\n"
    if p.returncode == 0:
        return p.stdout
    last = (p.stderr.strip().splitlines() or ["?"])[-1]
    return _end_line(p.stdout) + f"!! exit {p.returncode}: {last}\n"


def _environment(isa):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}
    env["PYTHONHASHSEED"] = "0"
    env.update(ISA_ENVIRONMENT.get(isa, {}))
    return env


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
        if x != y and not (x != x and y != y) and (
                abs(x) == INF or abs(y) == INF  # (inf's tolerance would take any value)
                or not abs(x - y) <= atol + rtol * abs(x)):
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


# A case whose output depends on the vector ISA PyTorch's kernels are dispatched for (a
# vector loop's tail, a reduction's lanes, oneDNN's and MKL's kernel choice) is recorded per
# ISA, as NAME.<ISA>.txt, and runs with that ISA's kernels: PyTorch's ATen, oneDNN and MKL
# (and hookgrad, which follows all three) each take a narrower ISA than the CPU's from its
# environment, so an AVX-512 machine checks both its own recordings and AVX2 ones (checked:
# PyTorch run so on an AVX-512 CPU prints what it prints on an AVX2 one).
ISA_ENVIRONMENT = {
    "AVX2": {"ATEN_CPU_CAPABILITY": "avx2", "ONEDNN_MAX_CPU_ISA": "AVX2",
             "MKL_ENABLE_INSTRUCTIONS": "AVX2"},
    "AVX512": {"ATEN_CPU_CAPABILITY": "avx512"},
}


@functools.cache
def machine_isas():
    """The ISAs whose recordings this CPU can check (its own and the narrower ones)."""
    sys.path.insert(0, str(ROOT))
    from hookgrad.backends.cpu import _detected_capability
    return {"AVX512": ["AVX2", "AVX512"], "AVX2": ["AVX2"]}.get(_detected_capability(), [])


def recorded_isas(case):
    """The ISAs a case's output was recorded on, where it is recorded per ISA."""
    return sorted(p.name.split(".")[-2] for p in EXPECTED.glob(f"{Path(case).stem}.*.txt"))


def expected_path(case, isa=None):
    """``NAME.txt``, or ``NAME.<isa>.txt`` of a case recorded per ISA."""
    return EXPECTED / (Path(case).stem + (f".{isa}" if isa else "") + ".txt")


def case_items(filters=()):
    """``(case, isa)`` for every recording of each case script (``isa`` None for one
    recorded once for all), optionally filtered by name substrings."""
    items = []
    for p in sorted(CASES.glob("*.py")):
        if filters and not any(f in p.name for f in filters):
            continue
        if expected_path(p).exists():
            items.append((p, None))
        items.extend((p, isa) for isa in recorded_isas(p))
    return items


def item_name(item):
    case, isa = item
    return case.stem + (f".{isa}" if isa else "")


SKIPPED = "recorded for an ISA this CPU lacks"


def check(item):
    case, isa = item
    if isa is not None and isa not in machine_isas():
        return SKIPPED
    return compare(expected_path(case, isa).read_text(), run_case(case, isa=isa))


def check_all(items):
    """``check`` of each item, run in parallel (each case is its own process)."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(check, items))


def record(names, isa=None):
    """Run each named case with real PyTorch (``torch`` installed; with ``isa``'s kernels,
    kept as NAME.<isa>.txt) and keep its stdout as the expected output."""
    for name in names:
        case = (CASES / name).with_suffix(".py")
        p = subprocess.run([sys.executable, str(case)], capture_output=True, text=True,
                           env=_environment(isa), cwd=case.parent)
        if p.returncode != 0:
            print(f"{name}: PyTorch run failed:\n{p.stderr}")
            return 1
        expected_path(case, isa).write_text(p.stdout)
        print(f"recorded {expected_path(case, isa).relative_to(ROOT)}")
    return 0


def main(argv):
    if argv[:1] == ["--record"]:
        isa = argv[2] if argv[1:2] == ["--isa"] else None
        return record(argv[3:] if isa else argv[1:], isa)
    items = case_items(argv)
    results = check_all(items)
    failed = 0
    skipped = 0
    for item, why in zip(items, results):
        if why == SKIPPED:
            skipped += 1
        elif why:
            failed += 1
            print(f"FAIL {item_name(item)}: {why}")
    print(f"{len(items) - failed - skipped} passed, {failed} failed"
          + (f", {skipped} recorded for ISAs this CPU lacks" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
