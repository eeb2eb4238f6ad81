"""DDP behaviour: unused parameters, hook order, communication hooks, buckets, errors."""
import threading

import layout_models
import numpy as np
from _common import (
    assert_close,
    averaged_over_ranks,
    batch,
    check,
    expect_error,
    gathered,
    local_grads,
    rank,
    recorded,
    world,
)

import hookgrad as torch
import hookgrad.distributed as dist
from hookgrad import nn
from hookgrad.distributed.algorithms.ddp_comm_hooks import default_hooks
from hookgrad.nn.parallel import DistributedDataParallel as DDP
from hookgrad.utils.data import DistributedSampler


class TwoLayers(nn.Module):
    """a and b; forward uses a only, or the branch ``choose(rank)`` names."""

    def __init__(self, choose=None, both_outputs=False):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(3, 3)
        self.c = nn.Linear(3, 3)   # never used
        self.choose = choose
        self.both_outputs = both_outputs

    def forward(self, x):
        if self.both_outputs:
            return self.a(x), self.b(x)
        if self.choose is not None and self.choose(rank()) == "b":
            return self.b(x)
        return self.a(x)


def seeded(make, seed=0):
    torch.manual_seed(seed)
    return make()


def recorded_error(name, *replacements):
    """PyTorch's (type, text), recorded on ranks 0 and 1; on ranks above 1, rank 1's text
    with ``replacements`` made (each an (old, new) pair)."""
    kind, text = recorded()["errors"][min(rank(), 1)][name]
    if rank() > 1:
        for old, new in replacements:
            text = text.replace(old, new)
    return kind, text


@check
def unused_parameter_without_detection_raises_pytorchs_error():
    class Unused(nn.Module):   # the recorder's model: b is never used
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(3, 3)
            self.b = nn.Linear(3, 3)

        def forward(self, x):
            return self.a(x)

    ddp = DDP(seeded(Unused))
    ddp(torch.ones(2, 3)).sum().backward()   # gradients of a: local, never averaged
    kind, text = recorded_error("unused", ("for rank 1:", f"for rank {rank()}:"))
    assert kind == "RuntimeError"
    expect_error(lambda: ddp(torch.ones(2, 3)), RuntimeError, text)


@check
def unused_parameters_with_detection():
    def choose(r):
        return "a" if r == 0 else "b"

    model = seeded(lambda: TwoLayers(choose))
    ddp = DDP(model, find_unused_parameters=True)
    x, _ = batch(4, 3, seed=rank())
    expected = local_grads(model, lambda m: m(x).pow(2).sum())
    for _ in range(2):   # twice: nothing is left waiting after the first iteration
        for p in model.parameters():
            p.grad = None
        ddp(x).pow(2).sum().backward()
    # a and b: each rank's local gradient (zero where unused there) averaged; c: unused on
    # every rank, so .grad stays None, as in PyTorch
    names = [n for n, _ in model.named_parameters()]
    local = [g if g is not None else np.zeros(p.shape, np.float32)
             for g, p in zip(expected, model.parameters())]
    averaged = averaged_over_ranks(local)
    for name, p, g in zip(names, model.parameters(), averaged):
        if name.startswith("c."):
            assert p.grad is None, f"{name} unused on every rank kept .grad None"
        elif world() > 1 or name.startswith("a."):
            assert_close(p.grad, g, 1e-6, name)
        else:
            assert p.grad is None, f"{name} unused on the only rank"


@check
def outputs_left_out_of_the_loss():
    model = seeded(lambda: TwoLayers(both_outputs=True))
    ddp = DDP(model, find_unused_parameters=True)
    x = torch.ones(2, 3)
    first, second = ddp(x)
    assert type(first.grad_fn).__name__ == "_DDPSinkBackward"
    first.sum().backward()
    assert model.b.weight.grad is None and model.c.weight.grad is None
    assert model.a.weight.grad is not None
    ddp(x)[0].sum().backward()   # the next iteration is not blocked


@check
def user_hooks_see_the_local_gradient():
    model = seeded(lambda: nn.Sequential(nn.Linear(5, 4), nn.ReLU(), nn.Linear(4, 2)))
    seen = {}
    weight = model[0].weight

    def record(name, grad):
        seen[name] = grad.clone()

    weight.register_post_accumulate_grad_hook(
        lambda p: record("post-accumulate (before DDP)", p.grad))
    ddp = DDP(model)
    weight.register_post_accumulate_grad_hook(
        lambda p: record("post-accumulate (after DDP)", p.grad))
    weight.register_hook(lambda g: record("tensor hook", g))
    x, _ = batch(6, 5, seed=10 + rank())
    local = local_grads(model, lambda m: m(x).sum())[0]
    ddp(x).sum().backward()
    assert len(seen) == 3, seen.keys()
    for name, grad in seen.items():
        assert_close(grad, local, 1e-6, f"{name} sees the local gradient")
    assert_close(weight.grad, averaged_over_ranks([local])[0], 1e-6, ".grad after backward")


def _grads_with_hook(hook, state=None, make=None):
    model = seeded(make or (lambda: nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 3))))
    ddp = DDP(model, bucket_cap_mb=0.0005)   # several small buckets
    if hook is not None:
        ddp.register_comm_hook(state, hook)
    x, _ = batch(5, 6, seed=20 + rank())
    for _ in range(2):   # the second iteration runs on the rebuilt buckets
        for p in model.parameters():
            p.grad = None
        ddp(x).mean().backward()
    return [p.grad.numpy().copy() for p in model.parameters()]


@check
def communication_hooks():
    plain = _grads_with_hook(None)
    for got, want in zip(_grads_with_hook(default_hooks.allreduce_hook), plain):
        assert_close(got, want, 1e-7, "allreduce_hook")
    for got, want in zip(_grads_with_hook(default_hooks.fp16_compress_hook), plain):
        assert_close(got, want, 1e-3, "fp16_compress_hook")
    wrapped = default_hooks.fp16_compress_wrapper(default_hooks.allreduce_hook)
    for got, want in zip(_grads_with_hook(wrapped, dist.group.WORLD), plain):
        assert_close(got, want, 1e-3, "fp16_compress_wrapper(allreduce_hook)")

    def noop(state, bucket: dist.GradBucket) -> torch.futures.Future[torch.Tensor]:
        future = torch.futures.Future()
        future.set_result(bucket.buffer())
        return future
    local = _grads_with_hook(noop)
    mine = averaged_over_ranks(local) if world() > 1 else local
    for got, want in zip(mine, plain):   # a hook that does not communicate: local grads
        assert_close(got, want, 1e-6, "noop hook, averaged by hand")


@check
def communication_hook_errors():
    ddp = DDP(seeded(lambda: nn.Linear(3, 3)))
    expect_error(lambda: ddp.register_comm_hook(None, 3), TypeError,
                 "Communication hook must be callable.")

    def annotated(state, bucket: int):
        return None
    expect_error(lambda: ddp.register_comm_hook(None, annotated), ValueError,
                 "Communication hook: bucket annotation should be dist.GradBucket.")

    def wrong_size(state, bucket):
        future = torch.futures.Future()
        future.set_result(torch.zeros(5))
        return future
    ddp.register_comm_hook(None, wrong_size)
    kind, text = recorded_error("hook_twice")
    expect_error(lambda: ddp.register_comm_hook(None, default_hooks.allreduce_hook),
                 RuntimeError, text)
    error = expect_error(lambda: ddp(torch.ones(2, 3)).sum().backward(), RuntimeError)
    assert "must hold a single tensor of the bucket's 12 elements" in str(error), error


@check
def grad_bucket_and_thread():
    calls = []
    main = threading.get_ident()

    def hook(state, bucket):
        calls.append((bucket.index(), bucket.is_last(), [tuple(p.shape) for p in
                      bucket.parameters()], [tuple(g.shape) for g in bucket.gradients()],
                      threading.get_ident()))
        return default_hooks.allreduce_hook(state, bucket)

    model = seeded(lambda: nn.Sequential(nn.Linear(4, 5), nn.Linear(5, 2)))
    ddp = DDP(model)
    ddp.register_comm_hook(None, hook)
    ddp(torch.ones(3, 4)).sum().backward()
    assert [c[:4] for c in calls] == [(0, True, [(5, 4), (5,), (2, 5), (2,)],
                                       [(5, 4), (5,), (2, 5), (2,)])], calls
    assert calls[0][4] == main
    calls.clear()
    thread = threading.Thread(target=lambda: ddp(torch.ones(3, 4)).sum().backward())
    thread.start()
    thread.join()
    assert [c[:3] for c in calls] == [(0, True, [(2,), (2, 5), (5,), (5, 4)])], calls
    assert calls[0][4] == thread.ident, "hooks run on the thread that called backward"


@check
def all_reduce_starts_while_backward_runs():
    events = []
    model = seeded(lambda: nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 64),
                                         nn.ReLU(), nn.Linear(64, 4)))
    ddp = DDP(model, bucket_cap_mb=0.01)

    def hook(state, bucket):
        events.append(f"bucket {bucket.index()}")
        return default_hooks.allreduce_hook(state, bucket)
    ddp.register_comm_hook(None, hook)
    model[0].weight.register_hook(lambda g: events.append("first layer's gradient"))
    for _ in range(2):
        events.clear()
        ddp(torch.ones(2, 64)).sum().backward()
    assert events[0] == "bucket 0" and "first layer's gradient" in events, events
    assert events.index("bucket 0") < events.index("first layer's gradient"), events


@check
def bucket_layouts_match_pytorch():
    for key, iterations in recorded()["layouts"].items():
        name, cap, find_unused = key.split("/")
        cap = None if cap == "None" else float(cap)
        model = seeded(layout_models.MODELS[name])
        params = list(model.parameters())
        ddp = DDP(model, bucket_cap_mb=cap, find_unused_parameters=find_unused == "True")
        seen = []
        ddp.register_comm_hook(seen, layout_models.RecordingHook(params))
        got = []
        for _ in range(2):
            seen.clear()
            x = torch.randn(2, params[0].shape[1], dtype=params[0].dtype)
            ddp(x).sum().backward()
            got.append(sorted(seen))
        assert got == iterations, f"{key}: {got} != {iterations}"
        assert ddp.bucket_bytes_cap == int((25 if cap is None else cap) * 1024 * 1024)


@check
def construction_errors_match_pytorch():
    r = rank()
    other = 1 if r == 0 else 0   # the first rank whose count differs
    text = (f"DDP expects same model across all ranks, but Rank {r} has {2 * (1 + r)} params, "
            f"while rank {other} has inconsistent {2 * (1 + other)} params.")
    if world() == 2:
        assert recorded_error("count") == ("RuntimeError", text), (recorded_error("count"), text)
    if world() > 1:
        expect_error(lambda: DDP(nn.Sequential(*[nn.Linear(3, 3) for _ in range(1 + r)])),
                     RuntimeError, text)
        error = expect_error(lambda: DDP(nn.Linear(3, 3 + min(r, 1))), RuntimeError)
        if r >= 1:
            _, text = recorded()["errors"][1]["shape"]
            assert str(error) == text.replace("[1]", f"[{r}]"), error
        else:
            assert "params[0] has sizes [4, 3] in process 1" in str(error), error
    errors = {"ValueError": ValueError, "RuntimeError": RuntimeError}
    for name, make in (("no_grad_params", lambda: DDP(nn.Linear(3, 3).requires_grad_(False))),
                       ("device_ids", lambda: DDP(nn.Linear(3, 3), device_ids=[0]))):
        kind, text = recorded_error(name)
        expect_error(make, errors[kind], text)
    expect_error(lambda: DDP(nn.Linear(3, 3), static_graph=True), NotImplementedError)


@check
def marked_twice_matches_pytorch():
    # b is used outside forward: detection marks it unused, then its gradient arrives
    model = seeded(lambda: TwoLayers())
    ddp = DDP(model, find_unused_parameters=True)
    x = torch.randn(2, 3)
    kind, text = recorded_error("marked_twice")
    assert kind == "RuntimeError"
    expect_error(lambda: (ddp(x).sum() + ddp.module.b(x).sum()).backward(), RuntimeError, text)


@check
def state_dict_and_module():
    model = seeded(lambda: nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3)))
    ddp = DDP(model)
    assert ddp.module is model
    keys = list(ddp.state_dict().keys())
    assert keys == ["module.0.weight", "module.0.bias", "module.1.weight", "module.1.bias",
                    "module.1.running_mean", "module.1.running_var",
                    "module.1.num_batches_tracked"], keys
    state = {k: v.clone() for k, v in ddp.state_dict().items()}
    with torch.no_grad():
        model[0].weight.fill_(7.0)
    ddp.load_state_dict(state)
    assert_close(model[0].weight, state["module.0.weight"], 0, "load_state_dict")
    assert repr(ddp).startswith("DistributedDataParallel(\n  (module): Sequential(")


@check
def sampler_uses_the_process_group():
    sampler = DistributedSampler(range(10), shuffle=False)
    assert sampler.num_replicas == world() and sampler.rank == rank()
    everyone = gathered(list(sampler))
    assert {i for part in everyone for i in part} == set(range(10))
    assert all(len(part) == -(-10 // world()) for part in everyone)   # padded to equal shares


@check
def built_under_no_grad():
    model = seeded(lambda: nn.Linear(4, 2))
    with torch.no_grad():
        ddp = DDP(model)
    x, _ = batch(3, 4, seed=30 + rank())
    local = local_grads(model, lambda m: m(x).sum())
    ddp(x).sum().backward()
    for p, g in zip(model.parameters(), averaged_over_ranks(local)):
        assert_close(p.grad, g, 1e-6, "gradient of a DDP built under no_grad")
