"""Training with DDP against one process: the same weights after 10 steps, to 1e-5.

Each rank trains on its B/N slice of every batch; the reference, computed on every rank
without DDP, trains one model on the whole batch B. The losses are means, so the average
of the ranks' gradients is the full batch's gradient.

BatchNorm in train mode normalises with the statistics of the batch it sees: with DDP (and
no SyncBatchNorm, in PyTorch as here) each rank normalises with its own B/N samples, so a
model with BatchNorm does NOT match one process on the full batch. Two checks pin what DDP
does give: in train mode, the reference runs each rank's slice through the model
separately (the loss averaged over slices) and keeps rank 0's running statistics, which DDP
broadcasts before every forward; in eval mode (running statistics fixed), the full-batch
reference holds exactly."""
import warnings

from _common import (
    assert_close,
    assert_same_on_all_ranks,
    averaged_over_ranks,
    batch,
    check,
    local_grads,
    rank,
    world,
)

import hookgrad as torch
from hookgrad import nn
from hookgrad.nn.parallel import DistributedDataParallel as DDP

STEPS = 10
BATCH = 16   # divisible by 1, 2 and 4 ranks


def mlp():
    return nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(),
                         nn.Linear(32, 10))


def cnn():
    return nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                         nn.MaxPool2d(2), nn.Conv2d(4, 6, 3, padding=1), nn.BatchNorm2d(6),
                         nn.ReLU(), nn.Flatten(), nn.Linear(6 * 4 * 4, 10))


def data(step, image):
    x, y = batch(BATCH, 64 if image else 12, seed=1000 + step)
    return (x.reshape(BATCH, 1, 8, 8) if image else x), y


def my_slice(tensor):
    share = BATCH // world()
    return tensor[rank() * share:(rank() + 1) * share]


def build(make, seed):
    torch.manual_seed(seed)
    return make()


def ddp_and_reference(make):
    # Ranks start from different weights: DDP must broadcast rank 0's at construction.
    model = build(make, 100 + rank())
    reference = build(make, 100)
    ddp = DDP(model)
    for p, q in zip(model.parameters(), reference.parameters()):
        assert_close(p, q, 0, "parameters after construction (rank 0's)")
    return ddp, reference


def sgd(parameters):
    return torch.optim.SGD(parameters, lr=0.1, momentum=0.9)


def train_ddp(ddp, image, eval_mode=False):
    optimizer = sgd(ddp.parameters())
    loss_fn = nn.CrossEntropyLoss()
    if eval_mode:
        ddp.eval()
    for step in range(STEPS):
        x, y = data(step, image)
        optimizer.zero_grad()
        loss_fn(ddp(my_slice(x)), my_slice(y)).backward()
        optimizer.step()


def compare(ddp, reference, what):
    for (name, p), q in zip(ddp.module.named_parameters(), reference.parameters()):
        assert_close(p, q, 1e-5, f"{what}: {name} after {STEPS} steps")
    assert_same_on_all_ranks(list(ddp.module.parameters()), f"{what} parameters")


@check
def mlp_matches_one_process_full_batch():
    ddp, reference = ddp_and_reference(mlp)
    train_ddp(ddp, image=False)
    optimizer = sgd(reference.parameters())
    loss_fn = nn.CrossEntropyLoss()
    for step in range(STEPS):
        x, y = data(step, image=False)
        optimizer.zero_grad()
        loss_fn(reference(x), y).backward()
        optimizer.step()
    compare(ddp, reference, "MLP")


@check
def cnn_batchnorm_eval_matches_one_process_full_batch():
    ddp, reference = ddp_and_reference(cnn)
    train_ddp(ddp, image=True, eval_mode=True)
    reference.eval()
    optimizer = sgd(reference.parameters())
    loss_fn = nn.CrossEntropyLoss()
    for step in range(STEPS):
        x, y = data(step, image=True)
        optimizer.zero_grad()
        loss_fn(reference(x), y).backward()
        optimizer.step()
    compare(ddp, reference, "CNN, BatchNorm in eval mode")


def bn_buffers(model):
    return [b for name, b in model.named_buffers()]


@check
def cnn_batchnorm_train_matches_per_rank_batches():
    ddp, reference = ddp_and_reference(cnn)
    train_ddp(ddp, image=True)
    optimizer = sgd(reference.parameters())
    loss_fn = nn.CrossEntropyLoss()
    share = BATCH // world()
    for step in range(STEPS):
        x, y = data(step, image=True)
        optimizer.zero_grad()
        before = [b.clone() for b in bn_buffers(reference)]
        rank0_after = None
        for k in range(world()):
            with torch.no_grad():   # every rank starts the step from rank 0's statistics
                for b, saved in zip(bn_buffers(reference), before):
                    b.copy_(saved)
            part = slice(k * share, (k + 1) * share)
            (loss_fn(reference(x[part]), y[part]) / world()).backward()
            if k == 0:
                rank0_after = [b.clone() for b in bn_buffers(reference)]
        with torch.no_grad():
            for b, kept in zip(bn_buffers(reference), rank0_after):
                b.copy_(kept)
        optimizer.step()
    compare(ddp, reference, "CNN, BatchNorm in train mode")
    if rank() == 0:  # the others hold their own slice's statistics until the next forward
        for (name, b), r in zip(ddp.module.named_buffers(), bn_buffers(reference)):
            assert_close(b.float(), r.float(), 1e-5, f"buffer {name}")


@check
def no_sync_accumulates_locally_then_averages():
    ddp, _ = ddp_and_reference(mlp)
    loss_fn = nn.CrossEntropyLoss()
    x1, y1 = data(1, image=False)
    x2, y2 = data(2, image=False)
    first = local_grads(ddp.module, lambda m: loss_fn(m(my_slice(x1)), my_slice(y1)))
    with ddp.no_sync():
        loss_fn(ddp(my_slice(x1)), my_slice(y1)).backward()
    for p, g in zip(ddp.module.parameters(), first):
        assert_close(p.grad, g, 1e-6, "gradient inside no_sync (local)")
    second = local_grads(ddp.module, lambda m: loss_fn(m(my_slice(x2)), my_slice(y2)))
    loss_fn(ddp(my_slice(x2)), my_slice(y2)).backward()
    expected = averaged_over_ranks([a + b for a, b in zip(first, second)])
    for p, g in zip(ddp.module.parameters(), expected):
        assert_close(p.grad, g, 1e-6, "accumulated gradient after the synchronised step")


@check
def buffers_broadcast_before_each_forward():
    seen = []
    for flag in (None, True, False):
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3))
        with warnings.catch_warnings():   # broadcast_buffers= warns (checked below)
            warnings.simplefilter("ignore", FutureWarning)
            ddp = DDP(model) if flag is None else DDP(model, broadcast_buffers=flag)
        with torch.no_grad():
            model[1].running_mean.fill_(float(rank()))
        model[1].register_forward_pre_hook(
            lambda m, args, flag=flag: seen.append((flag, float(m.running_mean[0]))))
        ddp(torch.ones(2, 4)).sum().backward()
    assert seen[0] == (None, 0.0), seen   # default: rank 0's buffers
    assert seen[1] == (True, 0.0), seen
    assert seen[2] == (False, float(rank())), seen   # not broadcast: this rank's own


@check
def broadcast_buffers_flag_warns_as_in_pytorch():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ddp = DDP(nn.Linear(3, 3), broadcast_buffers=False)
    assert [w.category for w in caught] == [FutureWarning], caught
    assert str(caught[0].message).startswith("`broadcast_buffers` is deprecated.")
    assert ddp.broadcast_buffers is False and ddp.forward_sync_buffers is False
