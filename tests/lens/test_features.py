import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn
from hookgrad.lens import FeatureExtractor


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.conv = nn.Conv2d(width, width, 3, padding=1)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.conv(x)) + x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(1, 4, 3)
        self.blocks = nn.Sequential(Block(4), Block(4))
        self.head = nn.Linear(4, 3)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.head(x.mean((2, 3)))


def hooks_left(model):
    return sum(len(m._forward_hooks) for m in model.modules())


def test_nested_layers_in_the_order_asked():
    torch.manual_seed(0)
    net, x = Net(), torch.randn(2, 1, 6, 6)
    extractor = FeatureExtractor(net, ["head", "blocks.1.conv", "stem"]).open()
    features = extractor(x)
    assert list(features) == ["head", "blocks.1.conv", "stem"]
    assert features["stem"].shape == (2, 4, 4, 4)
    assert features["blocks.1.conv"].shape == (2, 4, 4, 4)
    assert np.allclose(features["head"].detach().numpy(), net(x).detach().numpy())
    extractor.close()
    assert hooks_left(net) == 0


def test_globs_renames_and_gradients_flow():
    net = Net()
    with FeatureExtractor(net, "blocks.*.act") as extractor:
        assert list(extractor(torch.randn(1, 1, 5, 5))) == ["blocks.0.act", "blocks.1.act"]
    with FeatureExtractor(net, {"stem": "low", "blocks": "high"}) as extractor:
        features = extractor(torch.randn(1, 1, 5, 5))
        assert list(features) == ["low", "high"]
        features["high"].sum().backward()
    assert net.stem.weight.grad is not None and net.head.weight.grad is None
    assert hooks_left(net) == 0
    assert any(p is net.stem.weight for p in extractor.parameters())


def test_unknown_layer_names_the_closest():
    with pytest.raises(KeyError, match="did you mean 'blocks.0.conv'"):
        FeatureExtractor(Net(), ["blocks.0.cnov"])


def test_calls_outside_the_extractor_keep_nothing_and_closed_refuses():
    net = Net()
    extractor = FeatureExtractor(net, ["stem"]).open()
    net(torch.randn(1, 1, 5, 5))
    assert extractor._hooks.features is None
    extractor.close()
    with pytest.raises(RuntimeError, match="closed"):
        extractor(torch.randn(1, 1, 5, 5))


def test_layer_that_did_not_run():
    net = Net()
    net.spare = nn.Linear(2, 2)
    extractor = FeatureExtractor(net, ["stem", "spare"])
    with extractor, pytest.raises(RuntimeError, match=r"\['spare'\] did not run"):
        extractor(torch.randn(1, 1, 5, 5))
    assert hooks_left(net) == 0
