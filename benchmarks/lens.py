"""hookgrad.lens overhead on a training step: hookgrad side by side with PyTorch (when installed).

    python benchmarks/lens.py              # full run (about a minute)
    python benchmarks/lens.py --quick      # smoke run, noisy numbers
    python benchmarks/lens.py --threads 2  # BLAS / intra-op threads (default 1)

The workload is W4 of benchmarks/models.py: a LeNet SGD training step at batch 64 on
1x28x28 (forward, cross-entropy, backward, step, zero_grad). Rows (medians per step):

* capture, open: the step run inside ``with lens.capture(model):`` opened once, recording
  the output of every module (all 12 layers and the root, detached) at every step.
* capture, per step: ``with lens.capture(model): step()`` every step, so the cost of
  registering and removing the 13 hooks is included.
* trace: the forward run as ``lens.trace(model, x)`` (every op recorded with a NumPy copy
  of its output), then the same loss, backward and SGD step.
* PyTorch reference: a plain forward hook on every module (and a pre-hook on the root that
  starts a fresh record each call, as capture does) storing ``output.detach()``.

Ratios: "x plain" is each library's step with the tool over its own plain step, the median
over repeats of the ratio of loops timed side by side (target for capture: ≤ 1.15);
"vs PyTorch" is hookgrad / PyTorch for the same row. Both libraries start from the same
weights and data and use the same thread count (``--threads``, default
$HOOKGRAD_BENCH_THREADS, else 1).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np

import hookgrad
from benchmarks import _common as C
from benchmarks._workloads import lenet_batch, make_lenet, make_train_step
from benchmarks.models import print_fault_note, print_header, print_timing_note, status
from hookgrad import lens

CAPTURE_TARGET = 1.15


# --------------------------------------------------------------------------- workloads

def plain_step(lib):
    return make_train_step(lib, make_lenet, lenet_batch())[0]


def capture_open_step():
    """The step inside a capture of every module, opened once (it stays open)."""
    step, model = make_train_step(hookgrad, make_lenet, lenet_batch())
    cache = lens.capture(model).open()

    def run():
        return step()
    run.cache = cache
    return run


def capture_per_step():
    """The step inside a capture of every module opened and closed around it."""
    step, model = make_train_step(hookgrad, make_lenet, lenet_batch())
    last = {}

    def run():
        with lens.capture(model) as cache:
            loss = step()
        last["cache"] = cache
        return loss
    run.last = last
    return run


def trace_step():
    """The step with its forward run through ``lens.trace``."""
    step, model = make_train_step(hookgrad, make_lenet, lenet_batch())
    x, y, loss_fn, opt = step.inputs, step.labels, step.loss_fn, step.opt
    last = {}

    def run():
        recorded = lens.trace(model, x)
        loss = loss_fn(recorded.output, y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        last["trace"] = recorded
        return loss
    run.last = last
    return run


def torch_hooked_step(torch):
    """PyTorch's step with a plain forward hook on every module storing detached outputs."""
    step, model = make_train_step(torch, make_lenet, lenet_batch())
    record = {}

    def fresh(module, args):
        record.clear()

    def keep(name):
        def hook(module, args, output):
            record.setdefault(name, []).append(output.detach())
        return hook

    model.register_forward_pre_hook(fresh, prepend=True)
    for name, module in model.named_modules():
        module.register_forward_hook(keep(name))

    def run():
        return step()
    run.record = record
    return run


# --------------------------------------------------------------------------- checks

def check(torch):
    """The tools record what they should and leave the step's result unchanged."""
    problems = []
    n_modules = len(list(make_lenet(hookgrad).named_modules()))
    ref = float(plain_step(hookgrad)().item())
    for name, make in (("capture, open", capture_open_step), ("capture, per step",
                                                               capture_per_step),
                       ("trace", trace_step)):
        run = make()
        loss = float(run().item())
        if not np.isclose(loss, ref, rtol=1e-6):
            problems.append(f"{name}: loss {loss} differs from the plain step's {ref}")
        if name == "capture, open":
            if len(run.cache) != n_modules:
                problems.append(f"capture recorded {len(run.cache)} of {n_modules} modules")
            run.cache.close()
        elif name == "capture, per step":
            if len(run.last["cache"]) != n_modules:
                problems.append(f"capture recorded {len(run.last['cache'])} of {n_modules}")
        elif len(run.last["trace"]) < 12:
            problems.append(f"trace recorded only {len(run.last['trace'])} ops")
    if torch is not None:
        run = torch_hooked_step(torch)
        t_loss = float(run().item())
        if len(run.record) != n_modules:
            problems.append(f"PyTorch hooks recorded {len(run.record)} of {n_modules} modules")
        if not np.isclose(t_loss, ref, rtol=1e-4):
            problems.append(f"PyTorch loss {t_loss} differs from hookgrad's {ref}")
    return problems, n_modules


# --------------------------------------------------------------------------- main

def main(argv=None):
    parser = C.add_threads_option(C.make_parser(__doc__.splitlines()[0]))
    args = parser.parse_args(argv)
    settings = C.Settings.from_args(args)
    torch = C.import_torch(disabled=args.no_torch)
    blas, torch_threads = C.set_threads(args.threads, torch)

    print_header("hookgrad lens benchmark (W4 LeNet training step, batch 64)", args, settings,
                 torch, blas, torch_threads)
    problems, n_modules = check(torch)
    print("checks: " + (f"every tool records all {n_modules} modules / the ops, losses "
                        "unchanged" if not problems else "; ".join(problems)))
    if args.wait_idle:
        C.wait_for_idle(args.wait_idle)
    print("before timing, " + C.load_note(C.background_load()))
    print_timing_note(settings)
    print()

    cases = [C.Case("hookgrad plain", "numpy", plain_step(hookgrad)),
             C.Case("hookgrad capture, open", "numpy", capture_open_step()),
             C.Case("hookgrad capture, per step", "numpy", capture_per_step()),
             C.Case("hookgrad trace", "numpy", trace_step())]
    if torch is not None:
        cases += [C.Case("PyTorch plain", "torch", plain_step(torch)),
                  C.Case("PyTorch hooks on all modules", "torch", torch_hooked_step(torch))]
    print("timing ...", flush=True)
    C.run_cases(cases, settings)
    print("after timing, " + C.load_note(C.background_load()))
    print_fault_note(cases)
    print()

    by = {c.name: c for c in cases}

    def med(name):
        return by[name].median if name in by else None

    pt_plain, pt_hooked = med("PyTorch plain"), med("PyTorch hooks on all modules")
    pt_over = (C.paired_ratio(by["PyTorch hooks on all modules"], by["PyTorch plain"])
               if torch is not None else None)

    def row(label, hg_name, pt, pt_ratio, target=None):
        hg = med(hg_name)
        over = C.paired_ratio(by[hg_name], by["hookgrad plain"])
        ok = None if target is None or over is None else over <= target
        return [label, C.fmt_time(hg), C.fmt_time(pt), C.fmt_ratio(C.ratio(hg, pt)),
                C.fmt_ratio(over), C.fmt_ratio(pt_ratio),
                "-" if target is None else f"≤ {target:.2f}", status(ok)]

    rows = [
        row("plain step", "hookgrad plain", pt_plain, 1.0 if pt_plain else None),
        row(f"capture(model), {n_modules} modules, held open", "hookgrad capture, open",
            pt_hooked, pt_over, CAPTURE_TARGET),
        row(f"capture(model), {n_modules} modules, per step", "hookgrad capture, per step",
            pt_hooked, pt_over, CAPTURE_TARGET),
        row("trace(model, x) forward, then bwd + SGD", "hookgrad trace", None, None),
    ]
    headers = ["LeNet step with", "hookgrad", "PyTorch" if torch is not None else
               "PyTorch (n/a)", "vs PyTorch", "x plain", "PyTorch x plain", "target",
               "status"]
    C.print_table(headers, rows, title=(
        "Results (median per step; 'x plain' = step with the tool / the same library's plain "
        "step, median of the per-repeat ratios; PyTorch column for capture = a forward hook on "
        "every module storing output.detach(); lower is better)"))
    print()
    C.print_case_details(cases, title="Detail (spread: half-range of the used loops around "
                                      "the median; bg load: others' mean CPU share)")
    short = [c.name for c in cases if c.n_clean < settings.repeats]
    if short:
        print(f"\n** noisy: fewer than {settings.repeats} clean loops for: {', '.join(short)}; "
              "rerun on an idle machine (--wait-idle 600) **")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
