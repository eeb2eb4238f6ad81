"""Modules in train and eval mode, batch-norm statistics, state dicts and copies, and the
constructor errors and warnings PyTorch gives."""
import copy
import pickle
import warnings
from collections import OrderedDict

import numpy as np
import pytest

import hookgrad
from hookgrad import nn

from .layer_recording import everything


def _values(t):
    return np.asarray(t.detach().tolist(), dtype=np.float64)


# ---------------------------------------------------------------------------- train / eval
def test_dropout_train_and_eval():
    hookgrad.manual_seed(0)
    drop = nn.Dropout(0.25)
    inp = hookgrad.ones(200, 100, requires_grad=True)
    out = _values(drop(inp))
    assert set(np.unique(out).tolist()) == {0.0, float(np.float32(1 / 0.75))}
    assert abs((out == 0).mean() - 0.25) < 0.02
    drop(inp).sum().backward()  # the gradient is the mask, scaled
    assert set(np.unique(_values(inp.grad)).tolist()) == {0.0, float(np.float32(1 / 0.75))}
    drop.eval()
    assert _values(drop(inp)).tolist() == _values(inp).tolist()
    assert not _values(nn.Dropout(1.0)(inp)).any()
    with pytest.raises(ValueError, match="dropout probability has to be between 0 and 1, but "
                                         "got 1.5"):
        nn.Dropout(1.5)


def test_batch_norm_running_statistics():
    bn = nn.BatchNorm1d(2, momentum=0.5)
    batch = hookgrad.tensor([[1.0, 10.0], [3.0, 20.0], [5.0, 30.0]])
    bn(batch)
    np.testing.assert_allclose(_values(bn.running_mean), [1.5, 10.0])
    np.testing.assert_allclose(_values(bn.running_var), [2.5, 50.5])  # unbiased variance
    assert bn.num_batches_tracked.item() == 1
    bn.eval()
    out = _values(bn(batch))
    np.testing.assert_allclose(out[:, 0], (np.array([1, 3, 5]) - 1.5) / np.sqrt(2.5 + 1e-5),
                               rtol=1e-5)
    assert bn.num_batches_tracked.item() == 1
    cumulative = nn.BatchNorm1d(1, momentum=None)
    for mean in (2.0, 4.0, 9.0):
        cumulative(hookgrad.tensor([[mean - 1.0], [mean + 1.0]]))
    np.testing.assert_allclose(_values(cumulative.running_mean), [5.0])
    untracked = nn.BatchNorm1d(2, track_running_stats=False)
    assert untracked.running_mean is None and list(untracked.state_dict()) == ["weight", "bias"]
    with pytest.raises(ValueError, match=r"expected 4D input \(got 3D input\)"):
        nn.BatchNorm2d(3)(hookgrad.zeros(2, 3, 4))
    with pytest.raises(ValueError, match=r"expected 2D or 3D input \(got 4D input\)"):
        nn.BatchNorm1d(3)(hookgrad.zeros(2, 3, 4, 4))


def test_batch_norm_state_dict_versions():
    bn = nn.BatchNorm2d(2)
    state = bn.state_dict()
    assert nn.BatchNorm2d._version == 2 and state._metadata[""] == {"version": 2}
    assert list(state) == ["weight", "bias", "running_mean", "running_var",
                           "num_batches_tracked"]
    old = OrderedDict((k, v) for k, v in state.items() if k != "num_batches_tracked")
    old._metadata = OrderedDict({"": {"version": 1}})
    assert repr(nn.BatchNorm2d(2).load_state_dict(old)) == "<All keys matched successfully>"
    old._metadata = OrderedDict({"": {"version": 2}})
    with pytest.raises(RuntimeError, match='Missing key.*"num_batches_tracked"'):
        nn.BatchNorm2d(2).load_state_dict(old)


def test_state_dict_round_trip_and_deepcopy():
    hookgrad.manual_seed(1)
    model = everything(hookgrad)
    clone = everything(hookgrad)
    clone.load_state_dict(model.state_dict())
    for (name, a), (_, b) in zip(model.state_dict().items(), clone.state_dict().items()):
        assert _values(a).tolist() == _values(b).tolist(), name
    copied = copy.deepcopy(model)
    assert repr(copied) == repr(model)
    assert repr(pickle.loads(pickle.dumps(model))) == repr(model)
    assert copied.stem[0].weight is not model.stem[0].weight
    encoder = model.encoder
    assert encoder.layers[0] is not encoder.layers[1]
    assert encoder.layers[0].linear1.weight is not encoder.layers[1].linear1.weight
    np.testing.assert_array_equal(_values(encoder.layers[0].linear1.weight),
                                  _values(encoder.layers[1].linear1.weight))


def test_embedding_from_pretrained():
    weights = hookgrad.tensor([[1.0, 2.0], [3.0, 4.0]])
    frozen = nn.Embedding.from_pretrained(weights)
    assert repr(frozen) == "Embedding(2, 2)" and not frozen.weight.requires_grad
    assert frozen(hookgrad.tensor([1, 0])).tolist() == [[3.0, 4.0], [1.0, 2.0]]
    trainable = nn.Embedding.from_pretrained(weights, freeze=False, padding_idx=1)
    assert repr(trainable) == "Embedding(2, 2, padding_idx=1)" and trainable.weight.requires_grad
    assert trainable.weight.tolist() == [[1.0, 2.0], [3.0, 4.0]]  # padding row kept as given


# ---------------------------------------------------------------------------- errors, warnings
@pytest.mark.parametrize("build, error, message", [
    (lambda: nn.Conv2d(3, 4, 3, groups=2), ValueError, "in_channels must be divisible by groups"),
    (lambda: nn.Conv2d(4, 3, 3, groups=2), ValueError,
     "out_channels must be divisible by groups"),
    (lambda: nn.Conv2d(4, 4, 3, groups=0), ValueError, "groups must be a positive integer"),
    (lambda: nn.Conv2d(4, 4, 3, padding="full"), ValueError,
     "Invalid padding string 'full', should be one of"),
    (lambda: nn.Conv2d(4, 4, 3, padding="same", stride=2), ValueError,
     "padding='same' is not supported for strided convolutions"),
    (lambda: nn.Conv2d(4, 4, 3, padding_mode="zero"), ValueError, "padding_mode must be one of"),
    (lambda: nn.ConvTranspose2d(4, 4, 3, padding_mode="reflect"), ValueError,
     'Only "zeros" padding mode is supported for ConvTranspose2d'),
    (lambda: nn.ConvTranspose2d(1, 1, 3, stride=2)(hookgrad.zeros(1, 1, 2, 2),
                                                   output_size=[8, 8]), ValueError,
     r"requested an output size of \[8, 8\], but valid sizes range from \[5, 5\] to \[6, 6\] "
     r"\(for an input of torch.Size\(\[2, 2\]\)\)"),
    (lambda: nn.Embedding(4, 2, padding_idx=4), AssertionError,
     "Padding_idx must be within num_embeddings"),
    (lambda: nn.Embedding(4, 2, padding_idx=-5), AssertionError,
     "Padding_idx must be within num_embeddings"),
    (lambda: nn.Unflatten(1, 6), TypeError,
     "unflattened_size must be a tuple of ints, but found type int"),
    (lambda: nn.Unflatten(1, (2, 3.0)), TypeError,
     "unflattened_size must be tuple of ints, but found element of type float at pos 1"),
    (lambda: nn.GroupNorm(3, 4), ValueError,
     r"num_channels \(4\) must be divisible by num_groups \(3\)"),
    (lambda: nn.MultiheadAttention(5, 2), AssertionError,
     "embed_dim must be divisible by num_heads"),
    (lambda: nn.MultiheadAttention(0, 2), ValueError,
     "embed_dim and num_heads must be greater than 0, got embed_dim=0 and num_heads=2 instead"),
    (lambda: nn.TransformerEncoderLayer(4, 2, activation="tanh"), RuntimeError,
     "activation should be relu/gelu, not tanh"),
    (lambda: nn.Hardtanh(1.0, 0.0), AssertionError,
     r"max_val \(0.0\) must be greater than min_val \(1.0\)"),
])
def test_constructor_errors(build, error, message):
    with pytest.raises(error, match=message):
        build()


def test_warnings():
    with pytest.warns(UserWarning, match="size_average and reduce args will be deprecated, "
                                         "please use reduction='sum' instead."):
        assert nn.MSELoss(size_average=False).reduction == "sum"
    with pytest.warns(UserWarning, match="reduction='none'"):
        assert nn.L1Loss(reduce=False).reduction == "none"
    with pytest.warns(UserWarning, match=r"enable_nested_tensor is True, but "
                                         r"self.use_nested_tensor is False because encoder_layer"
                                         r".self_attn.batch_first was not True\(use batch_first "
                                         r"for better inference performance\)"):
        nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2), 2)
    with pytest.warns(UserWarning, match="because encoder_layer.self_attn.num_heads is odd"):
        nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 1, batch_first=True), 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, batch_first=True), 2)
    assert encoder.use_nested_tensor
    with pytest.warns(UserWarning, match="Implicit dimension choice for softmax has been "
                                         "deprecated"):
        nn.Softmax()(hookgrad.zeros(2, 3))
