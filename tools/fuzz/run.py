"""hookgrad's differential fuzzer against PyTorch (see tools/fuzz/README.md).

  python tools/fuzz/run.py --count 20000 --seed 0 --jobs 2     fuzz, print counts and causes
  python tools/fuzz/run.py --record 2500 --seed 1 --jobs 2     write tests/fuzz/corpus.json.gz
  python tools/fuzz/run.py --replay [--write-known]            check hookgrad against the corpus
  python tools/fuzz/run.py --show 0:123                        one program: script and verdict
"""
import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO), str(HERE)]

from hgfuzz import corpus, report  # noqa: E402
from hgfuzz.workers import run_tasks  # noqa: E402


def _progress(done, total, started, counts):
    rate = done / max(time.monotonic() - started, 1e-9)
    shown = " ".join(f"{k}={v}" for k, v in sorted(counts.items()))
    print(f"\r  {done}/{total} ({rate:.0f}/s) {shown}", end="", file=sys.stderr, flush=True)


def fuzz(args):
    command = f"python tools/fuzz/run.py --count {args.count} --seed {args.seed}" + (
        f" --start {args.start}" if args.start else "")
    tasks = [(index, ("fuzz", args.seed, index)) for index in
             range(args.start, args.start + args.count)]
    started = time.monotonic()
    results = _collect(tasks, args, "fuzz")
    elapsed = time.monotonic() - started
    minimized = {} if args.no_shrink else _minimize(results, args)
    shrink_time = time.monotonic() - started - elapsed
    timing = (f"  wall time {elapsed:.0f} s with --jobs {args.jobs} (+ {shrink_time:.0f} s "
              "shrinking)")
    _write_reports(results, minimized, args, command, timing)


def regroup(args):
    """Group the results of an earlier run (--out DIR) again, e.g. after editing triage.py."""
    out = Path(args.out)
    results = [json.loads(line) for line in open(out / "results.jsonl")]
    minimized = {}
    for line in open(out / "minimized.jsonl"):
        small = json.loads(line)
        minimized[small.pop("id")] = small
    summary = (out / "summary.txt").read_text().splitlines()
    command = summary[0].partition("(")[2].rstrip(")") if summary else ""
    timing = next((line for line in summary if "wall time" in line), "")
    _write_reports(results, minimized, args, command, timing)


def _write_reports(results, minimized, args, command, timing):
    causes = report.group_causes(results, minimized)
    lines = report.summary_lines(results, command)
    lines.append(timing)
    lines.append(f"distinct causes: {len(causes)}, in fix tasks (tools/fuzz/hgfuzz/triage.py):")
    lines += report.task_lines(causes)
    lines.append("the issue's Known-today list:")
    lines += report.known_today_lines(causes)
    lines.append("top causes:")
    for cause in causes[:args.top]:
        lines.append(f"  {cause['count']:>6}  {cause['key'][:150]}  ({cause['ids'][0]})")
    print("\n".join(lines))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.txt").write_text("\n".join(lines) + "\n")
    (out / "causes.md").write_text(report.causes_markdown(causes))
    with open(out / "results.jsonl", "w") as f:
        for r in results:
            f.write(json.dumps({k: v for k, v in r.items() if k != "trace"}) + "\n")
    if not args.regroup:
        with open(out / "minimized.jsonl", "w") as f:
            for key, small in minimized.items():
                f.write(json.dumps({"id": key, **small}) + "\n")
    print(f"wrote {out}/summary.txt, causes.md (one reproducer per cause), results.jsonl, "
          "minimized.jsonl")


def _collect(tasks, args, label):
    results, counts, started = [], Counter(), time.monotonic()
    print(f"{label}: {len(tasks)} tasks on {args.jobs or 'no'} worker(s)", file=sys.stderr)
    ids = {key: task for key, task in tasks}
    for done, (key, result) in enumerate(run_tasks(tasks, args.jobs, args.timeout), 1):
        task = ids[key]
        if "id" not in result and task[0] in ("fuzz", "record"):
            result["id"] = f"{task[1]}:{task[2]}"
        results.append(result)
        counts[result["category"]] += 1
        if done % 50 == 0 or done == len(tasks):
            _progress(done, len(tasks), started, counts)
    print(file=sys.stderr)
    return results


def _minimize(results, args):
    """Shrink one program per signature, and up to --refine-cap per signature whose op the
    difference does not name (to split it by the ops that remain)."""
    by_signature = defaultdict(list)
    for r in results:
        if r["category"] not in ("identical",) + report.EXCLUDED and "program" in r:
            by_signature[r["signature"]].append(r)
    chosen = []
    for _signature, members in by_signature.items():
        members.sort(key=lambda r: len(r["program"]["steps"]))
        cap = args.refine_cap if report.needs_refining(members[0]) else 1
        chosen += members[:cap]
    tasks = [(r["id"], ("minimize", r["program"], r["signature"])) for r in chosen]
    minimized = {}
    ids = {key for key, _ in tasks}
    for key, result in run_tasks(tasks, args.jobs, args.timeout):
        if key in ids and "program" in result:
            minimized[key] = result
    print(f"shrunk {len(minimized)} of {len(tasks)} programs", file=sys.stderr)
    return minimized


def record(args):
    import torch
    tasks = [(index, ("record", args.seed, index)) for index in
             range(args.start, args.start + args.record)]
    results = _collect(tasks, args, "record")
    entries = [r for r in results if r["category"] not in report.EXCLUDED + ("hg-flaky",)
               and "trace" in r]
    entries.sort(key=lambda r: int(r["id"].split(":")[1]))
    path = Path(args.corpus)
    corpus.save_corpus(entries, torch.__version__, args.seed, path)
    corpus.save_known(entries, Path(args.known))
    print("\n".join(report.summary_lines(entries)))
    print(f"wrote {len(entries)} programs to {path} ({path.stat().st_size / 1e6:.2f} MB) and "
          f"{sum(r['category'] != 'identical' for r in entries)} known differences to "
          f"{args.known}")


def replay(args):
    data = corpus.load_corpus(Path(args.corpus))
    known = corpus.load_known(Path(args.known))
    tasks = [(entry["id"], ("replay", entry)) for entry in data["entries"]]
    started = time.monotonic()
    results = _collect(tasks, args, f"replay against PyTorch {data['torch']}")
    elapsed = time.monotonic() - started
    for (key, _), result in zip(tasks, results):
        result.setdefault("id", key)
    print("\n".join(report.summary_lines(results)))
    fixed = [r for r in results if r["category"] == "identical" and r["id"] in known]
    new = [r for r in results if r["category"] != "identical" and r["id"] not in known]
    changed = [r for r in results if r["id"] in known and r["category"] != "identical"
               and r["signature"] != known[r["id"]]]
    print(f"replayed {len(results)} in {elapsed:.1f} s; known differences: {len(known)}; "
          f"now matching: {len(fixed)}; new differences: {len(new)}; "
          f"differing differently: {len(changed)}")
    for r in new[:20]:
        print(f"  new: {r['id']}  {r['signature']}")
    if args.write_known:
        corpus.save_known(results, Path(args.known))
        print(f"wrote {args.known}")
    return 1 if new else 0


def show(args):
    import torch
    from hgfuzz.compare import classify
    from hgfuzz.generate import generate
    from hgfuzz.interpreter import run
    from hgfuzz.render import render
    from hgfuzz.torch_bugs import known_torch_bug

    import hookgrad
    seed, index = (int(x) for x in args.show.split(":"))
    program = generate(seed, index, torch)
    reference, traced = run(program, torch), run(program, hookgrad)
    verdict = classify(program, reference, traced)
    print(render(program, reference, traced))
    bug = known_torch_bug(program, reference)
    if bug is not None:  # (not counted, as in a fuzz run)
        print(f"# verdict: torch-failed | PyTorch bug: {bug}")
    print(f"# verdict: {verdict.signature}")
    if verdict.diff:
        print(f"#   step {verdict.diff.step}\n#   PyTorch:  {verdict.diff.torch}\n"
              f"#   hookgrad: {verdict.diff.hookgrad}")
    if args.json:
        print(json.dumps(program))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1000, help="programs to fuzz")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="first program index")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="worker processes (0: run in this process)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds a library may spend on one program")
    parser.add_argument("--out", default="fuzz-out", help="directory for the reports")
    parser.add_argument("--top", type=int, default=40, help="causes to print")
    parser.add_argument("--no-shrink", action="store_true")
    parser.add_argument("--refine-cap", type=int, default=1000,
                        help="programs shrunk per signature that does not name its op")
    parser.add_argument("--record", type=int, metavar="N", help="record N programs")
    parser.add_argument("--replay", action="store_true", help="replay the corpus")
    parser.add_argument("--write-known", action="store_true")
    parser.add_argument("--corpus", default=str(corpus.CORPUS))
    parser.add_argument("--known", default=str(corpus.KNOWN))
    parser.add_argument("--regroup", action="store_true",
                        help="group the results in --out again (after editing triage.py)")
    parser.add_argument("--show", metavar="SEED:INDEX")
    parser.add_argument("--json", action="store_true", help="with --show: the program too")
    args = parser.parse_args(argv)
    if args.show:
        return show(args)
    if args.record:
        return record(args)
    if args.replay:
        return replay(args)
    if args.regroup:
        return regroup(args)
    return fuzz(args)


if __name__ == "__main__":
    sys.exit(main())
