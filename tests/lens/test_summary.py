import pytest

import hookgrad as torch
from hookgrad import lens, nn


class Shared(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU())
        self.fc = nn.Linear(2, 2)
        self.unused = nn.Linear(5, 5)
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        x = self.features(x).mean((2, 3))
        return self.fc(self.drop(self.fc(x)))  # fc runs twice


def test_rows_shapes_and_own_params():
    model = Shared()
    result = lens.summary(model, torch.randn(4, 1, 6, 6))
    rows = {(row.name, row.recursive): row for row in result.rows}
    assert [row.name for row in result.rows] == \
        ["", "features", "features.0", "features.1", "features.2", "fc", "drop", "fc", "unused"]
    conv = rows[("features.0", False)]
    assert conv.input_shapes == [[4, 1, 6, 6]] and conv.output_shapes == [[4, 2, 4, 4]]
    assert conv.params == 2 * 9 + 2 and conv.trainable is True
    assert rows[("features", False)].params == 0  # own params only
    assert rows[("fc", True)].params == 0 and rows[("fc", False)].params == 6
    assert not rows[("unused", False)].called
    assert rows[("", False)].output_shapes == [[4, 2]]


def test_totals_frozen_layers_and_depth():
    model = Shared()
    model.features.requires_grad_(False)
    result = lens.summary(model, torch.randn(1, 1, 5, 5), depth=1)
    total = 20 + 4 + 6 + 30  # conv, batchnorm, fc, unused
    assert result.total_params == total
    assert result.trainable_params == 36 and result.non_trainable_params == 24
    assert max(row.depth for row in result.rows) == 1
    features = next(row for row in result.rows if row.name == "features")
    assert features.params == 24 and features.trainable is False  # folded in at the depth limit
    text = str(result)
    assert "Total params: 60" in text and "Non-trainable params: 24" in text
    assert "(recursive)" in text and "[1, 1, 5, 5]" in text


def test_hooks_removed_and_modes_restored():
    model = Shared()
    model.features.eval()
    stats = model.features[1].running_mean.numpy().copy()
    lens.summary(model, torch.randn(2, 1, 5, 5))
    assert model.training and not model.features.training and model.fc.training
    assert (model.features[1].running_mean.numpy() == stats).all()
    assert all(not m._forward_hooks and not m._forward_pre_hooks for m in model.modules())


def test_hooks_removed_when_forward_raises():
    model = Shared()
    with pytest.raises(RuntimeError):
        lens.summary(model, torch.randn(2, 3, 5, 5))  # wrong channel count
    assert all(not m._forward_hooks and not m._forward_pre_hooks for m in model.modules())
    assert model.training
