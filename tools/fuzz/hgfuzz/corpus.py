"""The recorded corpus (programs with PyTorch's traces, gzipped JSON) and the list of corpus
entries known to differ today (one ``id<TAB>signature`` a line)."""
import gzip
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO / "tests" / "fuzz" / "corpus.json.gz"
KNOWN = REPO / "tests" / "fuzz" / "known_differences.txt"
KNOWN_HEADER = """\
# Corpus entries (tests/fuzz/corpus.json.gz) whose hookgrad trace differs from PyTorch's today,
# with the signature of the first difference (category | op | field | detail). The replay test
# runs each as a strict xfail: when a fix makes one match, the test fails until its line is
# removed here. Regenerate with: python tools/fuzz/run.py --replay --write-known
"""


def load_corpus(path=CORPUS):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def save_corpus(entries, torch_version, seed, path=CORPUS):
    data = {"torch": torch_version, "seed": seed,
            "entries": [{"id": e["id"], "program": e["program"], "trace": e["trace"]}
                        for e in entries]}
    text = json.dumps(data, separators=(",", ":"))
    with gzip.GzipFile(path, "wb", mtime=0, compresslevel=9) as f:  # reproducible bytes
        f.write(text.encode("utf-8"))


def load_known(path=KNOWN):
    """The known differences; with the default list also those of this CPU's vector ISA
    (``known_differences.<ISA>.txt``: entries whose PyTorch trace, recorded on an AVX-512
    CPU, is another on this ISA, where hookgrad follows PyTorch)."""
    known = {}
    paths = [Path(path)]
    if Path(path) == KNOWN:
        from hookgrad.backends.cpu import get_cpu_capability
        paths.append(KNOWN.with_name(f"known_differences.{get_cpu_capability()}.txt"))
    for each in paths:
        if not each.exists():
            continue
        for line in each.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                entry_id, _, signature = line.partition("\t")
                known[entry_id] = signature
    return known


def save_known(results, path=KNOWN):
    lines = [f"{r['id']}\t{r['signature']}" for r in sorted(
        results, key=lambda r: tuple(int(x) for x in r["id"].split(":")))
        if r["category"] != "identical"]
    Path(path).write_text(KNOWN_HEADER + "\n".join(lines) + ("\n" if lines else ""))
