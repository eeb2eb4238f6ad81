"""Model-level benchmarks: hookgrad side by side with PyTorch (when installed).

    python benchmarks/models.py              # full run (about two minutes)
    python benchmarks/models.py --quick      # smoke run, noisy numbers
    python benchmarks/models.py --threads 2  # BLAS / intra-op threads (default 1)

Rows (times are medians per iteration; ratio = hookgrad / PyTorch, lower is better):

* W3  training step of a 784-256-256-10 ReLU MLP at batch 128: forward, cross-entropy,
  backward, SGD step, zero_grad. A reference row times the step's matrix products alone in
  NumPy (3 forward GEMMs + 5 backward GEMMs: no gradient w.r.t. the input batch), the floor
  of any NumPy implementation, as a ratio to PyTorch's whole step.
* W4  training step of LeNet (conv 1->6 5x5, relu, max-pool 2, conv 6->16 5x5, relu,
  max-pool 2, flatten, linear 256-120-84-10, cross-entropy, SGD) at batch 64 on 1x28x28.
* module call: calling ``nn.Identity()`` with 0, 1 and 5 no-op forward hooks, in
  microseconds per call, and the cost per hook derived from those.
* full backward hooks: a stack of 20 ``nn.Linear(64, 64)``, forward + backward at batch 8
  (the input requires grad, so every layer's hook gets a real grad_input),
  with and without a no-op ``register_full_backward_hook`` on every layer; the extra cost per
  hooked module is the paired difference / 20.

Both libraries start from the same weights (hookgrad's initialisation, copied into PyTorch
through NumPy) and the same data, and run with the same thread count: ``--threads``
(default $HOOKGRAD_BENCH_THREADS, else 1) sets NumPy's OpenBLAS pool and PyTorch's intra-op
pool alike.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np

import hookgrad
from benchmarks import _common as C

MLP_BATCH = 128
LENET_BATCH = 64
STACK_DEPTH, STACK_WIDTH, STACK_BATCH = 20, 64, 8
CALLS_PER_ITER = 100  # module calls per timed iteration (keeps loop overhead negligible)
LR = 0.01

TARGETS = {
    "W3": "≤ 0.90",
    "W3 floor": "≈ 0.6 (floor)",
    "W4": "≤ 1.30",
    "call": "< PyTorch",
    "bwd hook": "≤ 1/3 PyTorch",
}


def noop_forward_hook(module, args, output):
    return None


def noop_backward_hook(module, grad_input, grad_output):
    return None


# --------------------------------------------------------------------------- models and data

def make_mlp(lib):
    nn = lib.nn
    return nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(),
                         nn.Linear(256, 10))


def make_lenet(lib):
    nn = lib.nn
    return nn.Sequential(
        nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(256, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))


def make_stack(lib):
    nn = lib.nn
    return nn.Sequential(*[nn.Linear(STACK_WIDTH, STACK_WIDTH) for _ in range(STACK_DEPTH)])


def mlp_batch():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((MLP_BATCH, 784)).astype(np.float32),
            rng.integers(0, 10, MLP_BATCH).astype(np.int64))


def lenet_batch():
    rng = np.random.default_rng(2)
    return (rng.standard_normal((LENET_BATCH, 1, 28, 28)).astype(np.float32),
            rng.integers(0, 10, LENET_BATCH).astype(np.int64))


def stack_batch():
    rng = np.random.default_rng(3)
    return rng.standard_normal((STACK_BATCH, STACK_WIDTH)).astype(np.float32)


def weights_of(model):
    """``{name: ndarray copy}`` of a hookgrad or PyTorch model's state."""
    return {k: np.array(v.detach().numpy(), copy=True) for k, v in model.state_dict().items()}


_reference_weights = {}


def build(lib, make):
    """``make(lib)`` carrying the weights of the first model ``make`` built (with hookgrad's
    initialisation, seed 0), so every copy of a model in both libraries computes the same."""
    if make not in _reference_weights:
        hookgrad.manual_seed(0)
        _reference_weights[make] = weights_of(make(hookgrad))
    model = make(lib)
    model.load_state_dict({k: lib.from_numpy(v.copy())
                           for k, v in _reference_weights[make].items()})
    return model


def make_train_step(lib, make, data, model=None):
    """``(step, model)``: one SGD training step (forward, cross-entropy, backward, step,
    zero_grad) of ``make``'s model on the batch ``data`` = (inputs, labels)."""
    model = build(lib, make) if model is None else model
    x, y = lib.from_numpy(data[0].copy()), lib.from_numpy(data[1].copy())
    opt = lib.optim.SGD(model.parameters(), lr=LR)
    loss_fn = lib.nn.CrossEntropyLoss()

    def step():
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss
    step.inputs, step.labels, step.loss_fn, step.opt = x, y, loss_fn, opt
    return step, model


def make_mlp_gemm_floor():
    """The W3 step's matrix products alone, in NumPy: 3 forward, 5 backward."""
    rng = np.random.default_rng(4)

    def a(*shape):
        return rng.standard_normal(shape).astype(np.float32)
    x = a(MLP_BATCH, 784)
    w1, w2, w3 = a(256, 784), a(256, 256), a(10, 256)
    g3, g2, g1 = a(MLP_BATCH, 10), a(MLP_BATCH, 256), a(MLP_BATCH, 256)

    def step():
        h1 = x @ w1.T          # forward
        h2 = h1 @ w2.T
        out = h2 @ w3.T
        dw3 = g3.T @ h2        # backward: weight gradients and the inputs' gradients
        dh2 = g3 @ w3
        dw2 = g2.T @ h1
        dh1 = g2 @ w2
        dw1 = g1.T @ x
        return out, dw3, dh2, dw2, dh1, dw1
    return step


def make_calls(lib, n_hooks):
    """``CALLS_PER_ITER`` calls of an ``nn.Identity()`` carrying ``n_hooks`` no-op forward
    hooks."""
    module = lib.nn.Identity()
    for _ in range(n_hooks):
        module.register_forward_hook(noop_forward_hook)
    x = lib.from_numpy(np.ones((8, 64), dtype=np.float32))

    def run():
        for _ in range(CALLS_PER_ITER):
            module(x)
    return run


def make_stack_step(lib, hooked):
    """Forward + backward of the 20-layer Linear stack, a no-op full backward hook on every
    layer when ``hooked``."""
    model = build(lib, make_stack)
    if hooked:
        for layer in model:
            layer.register_full_backward_hook(noop_backward_hook)
    x = lib.from_numpy(stack_batch()).requires_grad_()

    def step():
        x.grad = None
        model.zero_grad()
        model(x).sum().backward()
    return step, model


# --------------------------------------------------------------------------- checks

def _grads(model):
    return [np.array(p.grad.numpy(), copy=True) for p in model.parameters()]


def _loss_and_grads(lib, make, data):
    step, model = make_train_step(lib, make, data)
    loss = step.loss_fn(model(step.inputs), step.labels)
    loss.backward()
    return float(loss.item()), _grads(model)


def check(torch):
    """Same losses and gradients in both libraries; hooks fire as often as they should."""
    problems = []
    for name, make, data in (("W3", make_mlp, mlp_batch()), ("W4", make_lenet, lenet_batch())):
        h_loss, h_grads = _loss_and_grads(hookgrad, make, data)
        if not np.isfinite(h_loss):
            problems.append(f"{name}: hookgrad loss is not finite")
        if torch is not None:
            t_loss, t_grads = _loss_and_grads(torch, make, data)
            if not np.isclose(h_loss, t_loss, rtol=1e-4, atol=1e-6):
                problems.append(f"{name}: losses differ ({h_loss} vs {t_loss})")
            if not all(np.allclose(a, b, rtol=1e-3, atol=1e-5) for a, b in zip(h_grads, t_grads)):
                problems.append(f"{name}: gradients differ")
    # The GEMM floor multiplies the same shapes the MLP does.
    floor = make_mlp_gemm_floor()()
    if [a.shape for a in floor] != [(MLP_BATCH, 10), (10, 256), (MLP_BATCH, 256), (256, 256),
                                    (MLP_BATCH, 256), (256, 784)]:
        problems.append("W3 floor: unexpected GEMM shapes")
    for lib in (hookgrad, torch):
        if lib is None:
            continue
        seen = []
        module = lib.nn.Identity()
        for _ in range(5):
            module.register_forward_hook(lambda m, a, o, seen=seen: seen.append(1))
        module(lib.zeros(2))
        if len(seen) != 5:
            problems.append(f"{lib.__name__}: {len(seen)} of 5 forward hooks fired")
        fired = []
        model = build(lib, make_stack)
        for layer in model:
            layer.register_full_backward_hook(lambda m, gi, go, fired=fired: fired.append(1))
        model(lib.from_numpy(stack_batch()).requires_grad_()).sum().backward()
        if len(fired) != STACK_DEPTH:
            problems.append(f"{lib.__name__}: {len(fired)} of {STACK_DEPTH} full backward "
                            "hooks fired")
    return problems


# --------------------------------------------------------------------------- main

def status(ok):
    return "-" if ok is None else ("ok" if ok else "MISS")


def thread_note(blas, torch_threads, requested):
    pt = "n/a" if torch_threads is None else torch_threads
    return (f"threads: NumPy/OpenBLAS (hookgrad) = {blas if blas is not None else '?'}, "
            f"PyTorch intra-op = {pt} (both set to --threads {requested}; "
            f"${C.THREADS_ENV} sets the default, 1)")


def print_header(title, args, settings, torch, blas, torch_threads):
    print(title + (" (--quick: smoke run, noisy)" if args.quick else ""))
    C.print_environment(torch)
    print(thread_note(blas, torch_threads, args.threads))


def page_faults(fn, n=10):
    """Minor page faults per call of ``fn`` over ``n`` calls (None where unavailable).

    Large temporaries (im2col columns, ...) that glibc hands back to the OS fault in again on
    every use; in a VM that costs milliseconds per step, and whether it happens depends on
    the process' allocation history, so it is worth printing next to the timings."""
    try:
        import resource
    except ImportError:
        return None
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(n):
        fn()
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / n


def print_fault_note(cases, n=10):
    """One line: minor page faults per iteration of each case, measured after timing."""
    parts = []
    for case in cases:
        C.use(case.lib)
        faults = page_faults(case.fn, n)
        if faults is None:
            return
        parts.append(f"{case.name} {faults:.0f}")
    print(f"minor page faults per iteration ({n} extra iterations after timing; hundreds mean "
          "large temporaries are re-faulted every step, inflating that case): "
          + ", ".join(parts))


def print_timing_note(settings):
    print(f"timing: median of {settings.repeats} clean loops of ~{settings.loop_time * 1e3:.0f} "
          f"ms per case (a loop is clean if other processes used <= "
          f"{settings.max_load * 100:.0f}% of the CPUs); sleep {C.SWITCH_SLEEP} s on every "
          "NumPy <-> PyTorch switch")


def main(argv=None):
    parser = C.add_threads_option(C.make_parser(__doc__.splitlines()[0]))
    args = parser.parse_args(argv)
    settings = C.Settings.from_args(args)
    torch = C.import_torch(disabled=args.no_torch)
    blas, torch_threads = C.set_threads(args.threads, torch)

    print_header("hookgrad model benchmark", args, settings, torch, blas, torch_threads)
    problems = check(torch)
    print("checks: " + ("same losses and gradients, hooks fire" if not problems
                        else "; ".join(problems)))
    if args.wait_idle:
        C.wait_for_idle(args.wait_idle)
    print("before timing, " + C.load_note(C.background_load()))
    print_timing_note(settings)
    print()

    t = torch is not None
    groups = {
        "W3": [C.Case("W3 hookgrad", "numpy", make_train_step(hookgrad, make_mlp,
                                                                mlp_batch())[0]),
               C.Case("W3 NumPy GEMMs only", "numpy", make_mlp_gemm_floor())],
        "W4": [C.Case("W4 hookgrad", "numpy", make_train_step(hookgrad, make_lenet,
                                                                lenet_batch())[0])],
        "module call": [C.Case(f"call x{CALLS_PER_ITER}, {n} hooks, hookgrad", "numpy",
                               make_calls(hookgrad, n)) for n in (0, 1, 5)],
        "full backward hooks": [
            C.Case("stack hookgrad, no hooks", "numpy", make_stack_step(hookgrad, False)[0]),
            C.Case("stack hookgrad, hooks", "numpy", make_stack_step(hookgrad, True)[0])],
    }
    if t:
        groups["W3"].append(C.Case("W3 PyTorch", "torch",
                                   make_train_step(torch, make_mlp, mlp_batch())[0]))
        groups["W4"].append(C.Case("W4 PyTorch", "torch",
                                   make_train_step(torch, make_lenet, lenet_batch())[0]))
        groups["module call"] += [C.Case(f"call x{CALLS_PER_ITER}, {n} hooks, PyTorch",
                                         "torch", make_calls(torch, n)) for n in (0, 1, 5)]
        groups["full backward hooks"] += [
            C.Case("stack PyTorch, no hooks", "torch", make_stack_step(torch, False)[0]),
            C.Case("stack PyTorch, hooks", "torch", make_stack_step(torch, True)[0])]

    for name, cases in groups.items():
        print(f"timing {name} ...", flush=True)
        C.run_cases(cases, settings)
    print("after timing, " + C.load_note(C.background_load()))
    print_fault_note(groups["W3"] + groups["W4"])
    print()

    by = {c.name: c for cases in groups.values() for c in cases}

    def med(name):
        return by[name].median if name in by else None

    def call(n, lib):
        m = med(f"call x{CALLS_PER_ITER}, {n} hooks, {lib}")
        return None if m is None else m / CALLS_PER_ITER

    def per_hook(lib, n):
        a, b = call(n, lib), call(0, lib)
        return None if a is None or b is None else (a - b) / n

    def stack_extra(lib):
        w, wo = f"stack {lib}, hooks", f"stack {lib}, no hooks"
        if w not in by:
            return None
        return C.paired_diff(by[w], by[wo]) / STACK_DEPTH

    def row(label, hg, pt, target, ok, fmt=C.fmt_time):
        r = C.ratio(hg, pt)
        return [label, fmt(hg), fmt(pt), C.fmt_ratio(r), target,
                status(None if r is None else ok(r))]

    pt_w3 = med("W3 PyTorch")
    rows = [
        row("W3 MLP 784-256-256-10 train step, b128", med("W3 hookgrad"), pt_w3,
            TARGETS["W3"], lambda r: r <= 0.9),
        row("  ref: its 8 GEMMs alone in NumPy", med("W3 NumPy GEMMs only"), pt_w3,
            TARGETS["W3 floor"], lambda r: None),
        row("W4 LeNet train step, b64 1x28x28", med("W4 hookgrad"), med("W4 PyTorch"),
            TARGETS["W4"], lambda r: r <= 1.3),
    ]
    for n in (0, 1, 5):
        rows.append(row(f"module call, {n} forward hook{'s' if n != 1 else ''} (per call)",
                        call(n, "hookgrad"), call(n, "PyTorch"), TARGETS["call"],
                        lambda r: r < 1, C.fmt_us))
    for n, label in ((1, "per forward hook (1 hook - none)"),
                     (5, "per forward hook ((5 hooks - none)/5)")):
        rows.append(row("  " + label, per_hook("hookgrad", n), per_hook("PyTorch", n),
                        TARGETS["call"], lambda r: r < 1, C.fmt_us))
    rows += [
        row(f"{STACK_DEPTH}x Linear(64,64) fwd+bwd, b{STACK_BATCH}, no hooks",
            med("stack hookgrad, no hooks"), med("stack PyTorch, no hooks"), "-",
            lambda r: None),
        row("  same, full backward hook on every layer", med("stack hookgrad, hooks"),
            med("stack PyTorch, hooks"), "-", lambda r: None),
        row("  extra per hooked module", stack_extra("hookgrad"), stack_extra("PyTorch"),
            TARGETS["bwd hook"], lambda r: r <= 1 / 3, C.fmt_us),
    ]
    headers = ["workload", "hookgrad", "PyTorch" if t else "PyTorch (n/a)", "ratio", "target",
               "status"]
    C.print_table(headers, rows, title="Results (median per iteration; ratio = hookgrad / "
                                       f"PyTorch, lower is better; threads: OpenBLAS {blas}, "
                                       f"PyTorch {torch_threads if t else 'n/a'})")
    print()
    all_cases = [c for cases in groups.values() for c in cases]
    C.print_case_details(all_cases, title="Detail (spread: half-range of the used loops around "
                                          "the median; bg load: others' mean CPU share; "
                                          f"'call' cases are {CALLS_PER_ITER} calls)")
    short = [c.name for c in all_cases if c.n_clean < settings.repeats]
    if short:
        print(f"\n** noisy: fewer than {settings.repeats} clean loops for: {', '.join(short)}; "
              "rerun on an idle machine (--wait-idle 600) **")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
