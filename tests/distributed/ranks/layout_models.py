"""The models tools/record_distributed.py recorded PyTorch's DDP buckets for, in hookgrad."""
import hookgrad as torch
from hookgrad import nn


def mlp():
    return nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(),
                         nn.Linear(256, 10))


def wide():
    return nn.Sequential(nn.Linear(600, 600), nn.Linear(600, 600), nn.Linear(600, 10))


class Mixed(nn.Module):
    """float32 and float64 parameters interleaved: buckets hold one dtype each."""

    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(300, 500), nn.Linear(500, 400).double(),
                                     nn.Linear(400, 300), nn.Linear(300, 2).double()])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x.to(layer.weight.dtype))
        return x.float()


MODELS = {"mlp": mlp, "wide": wide, "mixed": Mixed}


class RecordingHook:
    """Records [bucket index, is_last, parameter indices] into the state list; reduces
    nothing (returns the bucket as it is)."""

    def __init__(self, params):
        self.ids = {id(p): i for i, p in enumerate(params)}

    def __call__(self, seen, bucket):
        seen.append([bucket.index(), bucket.is_last(),
                     [self.ids[id(p)] for p in bucket.parameters()]])
        future = torch.futures.Future()
        future.set_result(bucket.buffer())
        return future
