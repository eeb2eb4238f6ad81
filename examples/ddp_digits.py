"""Train the digits CNN with DistributedDataParallel on several MPI ranks.

One machine, 2 ranks (the dist extra: pip install 'hookgrad[dist]'):

    python -m hookgrad.distributed.run --nproc-per-node 2 examples/ddp_digits.py --epochs 10

A cluster, with its own MPI (mpi4py built against it) and a hostfile naming the machines:

    mpiexec -n 8 -hostfile hosts python -m hookgrad.distributed.run examples/ddp_digits.py
    mpiexec -n 8 -hostfile hosts python examples/ddp_digits.py     # also works

Every rank builds the same model and split; DistributedDataParallel copies rank 0's weights
to the others, each rank trains on its share of every batch (DistributedSampler), and
backward() returns with the gradients averaged over the ranks, so the global batch is
``--batch-size`` whatever the number of ranks. Rank 0 prints the progress."""
import argparse
import time
from collections import OrderedDict

import hookgrad as torch
import hookgrad.distributed as dist
from hookgrad import nn
from hookgrad.datasets import load_digits
from hookgrad.nn.parallel import DistributedDataParallel as DDP
from hookgrad.utils.data import DataLoader, DistributedSampler, TensorDataset, random_split


def build_model():
    """8x8 digit -> conv 1->8 -> pool -> conv 8->16 -> pool -> linear 64->10."""
    return nn.Sequential(OrderedDict([
        ("conv1", nn.Conv2d(1, 8, 3, padding=1)), ("relu1", nn.ReLU()), ("pool1", nn.MaxPool2d(2)),
        ("conv2", nn.Conv2d(8, 16, 3, padding=1)), ("relu2", nn.ReLU()), ("pool2", nn.MaxPool2d(2)),
        ("flatten", nn.Flatten()), ("fc", nn.Linear(64, 10)),
    ]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=64, help="global batch size")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    dist.init_process_group("mpi")
    rank, world = dist.get_rank(), dist.get_world_size()
    if args.batch_size % world:
        raise SystemExit(f"--batch-size {args.batch_size} must be divisible by the {world} ranks")

    images, labels = load_digits()
    train, test = random_split(TensorDataset(images, labels), [0.8, 0.2],
                               generator=torch.Generator().manual_seed(args.seed))
    sampler = DistributedSampler(train, shuffle=True, seed=args.seed)
    loader = DataLoader(train, batch_size=args.batch_size // world, sampler=sampler)

    torch.manual_seed(args.seed + rank)   # different on each rank: DDP broadcasts rank 0's
    model = DDP(build_model())
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()

    start = time.perf_counter()
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)   # a new shuffle each epoch, the same on every rank
        model.train()
        totals = torch.zeros(2, dtype=torch.float64)   # loss sum, samples
        for x, y in loader:
            optimizer.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()   # returns with every .grad averaged over the ranks
            optimizer.step()
            totals += torch.tensor([loss.item() * len(y), len(y)], dtype=torch.float64)
        dist.all_reduce(totals)
        if rank == 0:
            accuracy = evaluate(model.module, test)
            print(f"epoch {epoch + 1:2d}  loss {totals[0].item() / totals[1].item():.4f}  "
                  f"test accuracy {accuracy:.1%}  ({time.perf_counter() - start:.1f} s, "
                  f"{world} rank{'s' if world > 1 else ''})", flush=True)
    dist.destroy_process_group()


def evaluate(model, dataset):
    x, y = next(iter(DataLoader(dataset, batch_size=len(dataset))))
    model.eval()
    with torch.no_grad():
        return (model(x).argmax(1) == y).float().mean().item()


if __name__ == "__main__":
    main()
