# Warnings as PyTorch gives them (issue 11, fuzzer task T30): x.T on other than 2 dims (two
# messages, each once per process), dropout2d/dropout3d on inputs of other dims (every call),
# meshgrid without indexing and backward(create_graph=True) (once per process), and
# torch.set_warn_always(True), which makes the once-per-process warnings come every time.
import warnings

import torch

F = torch.nn.functional


def run(label, fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = fn()
            print(label, "->", list(out.shape) if hasattr(out, "shape") else out)
        except Exception as e:
            print(label, "!!", type(e).__name__, str(e))
    for w in caught:
        print("    warning", w.category.__name__, str(w.message))


print("warn always:", torch.is_warn_always_enabled())
for round_ in (1, 2):
    run(f"T of 0-d ({round_})", lambda: torch.tensor(1.5).T)
    run(f"T of 1-d ({round_})", lambda: torch.ones(3).T)
    run(f"T of 3-d ({round_})", lambda: torch.ones(1, 2, 3).T)
    run(f"T of 2-d ({round_})", lambda: torch.ones(2, 3).T)
    run(f"meshgrid without indexing ({round_})", lambda: torch.meshgrid(torch.ones(2))[0])
    run(f"backward(create_graph) ({round_})", lambda: (
        torch.ones(2, requires_grad=True) * 2).sum().backward(create_graph=True))
for shape in [(3,), (2, 3), (2, 3, 4), (2, 3, 4, 5), (1, 2, 3, 4, 5)]:
    for name in ("dropout1d", "dropout2d", "dropout3d"):
        for p, training in ((0.5, False), (0.0, True), (1.0, True)):
            def call(name=name, shape=shape, p=p, training=training):
                x = torch.ones(*shape, requires_grad=True) * 1
                out = getattr(F, name)(x, p, training=training)
                fn = out.grad_fn
                return (out is x, fn.name() if fn else None, out.sum().item())
            run(f"{name}{shape} p={p} training={training}", call)
torch.set_warn_always(True)
print("warn always:", torch.is_warn_always_enabled())
for round_ in (1, 2):
    run(f"T of 0-d, warn always ({round_})", lambda: torch.tensor(1.5).T)
    run(f"T of 1-d, warn always ({round_})", lambda: torch.ones(3).T)
    run(f"meshgrid, warn always ({round_})", lambda: torch.meshgrid(torch.ones(2))[0])
torch.set_warn_always(False)
run("T of 1-d, warn always off", lambda: torch.ones(3).T)
run("kl_div mean", lambda: F.kl_div(torch.ones(2), torch.ones(2)))
run("var, one value", lambda: torch.ones(1).var())
run("std_mean, one value", lambda: torch.std_mean(torch.ones(1)))
run("mT of 1-d", lambda: torch.ones(3).mT)
