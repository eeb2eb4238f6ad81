"""Memory formats as PyTorch's: four distinct ``torch.memory_format`` objects, the strides
each gives a new tensor (clone, contiguous, to, empty, the ``*_like`` factories, Module.to),
``is_contiguous(memory_format=)``, when ``to`` returns the tensor itself (PyTorch's
``suggest_memory_format``), and PyTorch's errors. Every expected value was printed by
PyTorch 2.13 (the parity case tests/parity/s34c_memory_format.py records the same and more
against PyTorch itself)."""
import copy
import pickle

import numpy as np
import pytest

import hookgrad as torch
import hookgrad.nn as nn

CL, CL3, CF, PF = (torch.channels_last, torch.channels_last_3d, torch.contiguous_format,
                   torch.preserve_format)


def _nchw():
    return torch.arange(120.).reshape(2, 3, 4, 5)


def _nhwc():  # channels-last strides (60, 1, 15, 3)
    return torch.arange(120.).reshape(2, 4, 5, 3).permute(0, 3, 1, 2)


def test_formats_are_distinct_objects_printed_as_pytorchs():
    formats = [CF, PF, CL, CL3]
    assert [repr(f) for f in formats] == [
        "torch.contiguous_format", "torch.preserve_format", "torch.channels_last",
        "torch.channels_last_3d"]
    assert [str(f) for f in formats] == [repr(f) for f in formats]
    assert len(set(map(id, formats))) == 4 and CL != CF
    assert all(isinstance(f, torch.memory_format) for f in formats)
    assert copy.deepcopy(CL) is CL and pickle.loads(pickle.dumps(CL3)) is CL3
    with pytest.raises(TypeError, match=r"^cannot create 'torch.memory_format' instances$"):
        torch.memory_format()


@pytest.mark.parametrize("shape, strides", [
    ((2, 3, 4, 5), (60, 1, 15, 3)),
    ((2, 1, 4, 5), (20, 1, 5, 1)),
    ((2, 3, 1, 1), (3, 1, 3, 3)),
    ((2, 0, 4, 5), (0, 1, 0, 0)),  # (PyTorch multiplies the sizes as they are)
    ((2, 3, 0, 5), (0, 1, 15, 3)),
])
def test_channels_last_strides(shape, strides):
    a = torch.zeros(shape)
    for made in (a.clone(memory_format=CL), torch.empty(shape, memory_format=CL),
                 torch.zeros_like(a, memory_format=CL), torch.full_like(a, 2., memory_format=CL)):
        assert made.stride() == strides and made.is_contiguous(memory_format=CL)
    assert torch.equal(torch.full_like(a, 2., memory_format=CL), torch.full(shape, 2.))


def test_clone_contiguous_and_to_in_each_format():
    x, c, t = _nchw(), _nhwc(), _nchw().transpose(1, 3)
    assert x.clone(memory_format=CL).stride() == (60, 1, 15, 3)
    assert c.clone(memory_format=CF).stride() == (60, 20, 5, 1)
    assert c.clone(memory_format=PF).stride() == (60, 1, 15, 3)
    assert t.clone(memory_format=CL).stride() == (60, 1, 15, 5)
    for f in (CF, CL):
        for a in (x, c, t):
            assert torch.equal(a.clone(memory_format=f), a)
            assert torch.equal(a.contiguous(memory_format=f), a)
            assert torch.equal(a.to(torch.float64, memory_format=f), a.double())
    assert c.contiguous(memory_format=CL) is c and x.contiguous(memory_format=CL) is not x
    assert x.to(torch.float16, memory_format=CL).stride() == (60, 1, 15, 3)
    assert x.to(torch.int32, memory_format=CL).stride() == (60, 1, 15, 3)
    v = torch.zeros(2, 3, 4, 5, 6)
    assert v.contiguous(memory_format=CL3).stride() == (360, 1, 90, 18, 3)
    assert v.contiguous(memory_format=CL3).is_contiguous(memory_format=CL3)


def test_to_returns_the_tensor_when_its_strides_suggest_the_format():
    c, m = _nhwc(), torch.ones(3, 4).t()
    assert c.to(memory_format=CL) is c and c.to(memory_format=PF) is c
    assert m.to(memory_format=CF) is m and not m.is_contiguous()  # (PyTorch's quirk)
    assert m.to(torch.float64, memory_format=CF).stride() == (3, 1)
    assert m.to(memory_format=CF, copy=True).stride() == (3, 1)
    assert m.to(memory_format=PF, copy=True).stride() == (1, 4)
    n111 = torch.zeros(2, 1, 1, 1)  # (ambiguous: contiguous, so copied)
    assert n111.to(memory_format=CL) is not n111
    assert n111.contiguous(memory_format=CL) is n111
    assert _nchw().requires_grad_().to(memory_format=CL).grad_fn.name() == "ToCopyBackward0"
    assert _nchw().requires_grad_().contiguous(memory_format=CL).grad_fn.name() == \
        "CloneBackward0"


def test_is_contiguous_in_each_format():
    x, c = _nchw(), _nhwc()
    assert (x.is_contiguous(), x.is_contiguous(memory_format=CL)) == (True, False)
    assert (c.is_contiguous(), c.is_contiguous(memory_format=CL)) == (False, True)
    assert c.is_contiguous(memory_format=PF) is False  # (the plain test)
    assert torch.ones(3, 4).is_contiguous(memory_format=CL) is False  # (another rank)
    assert torch.ones(2, 0, 4, 5).is_contiguous(memory_format=CL) is False


def test_like_factories_keep_or_take_the_layout():
    c = _nhwc()
    for like in (torch.empty_like, torch.zeros_like, torch.ones_like, torch.rand_like,
                 torch.randn_like):
        assert like(c).stride() == (60, 1, 15, 3)
        assert like(c, memory_format=CF).stride() == (60, 20, 5, 1)
        assert like(_nchw(), memory_format=CL).stride() == (60, 1, 15, 3)
    assert torch.randint_like(c, 7).stride() == (60, 1, 15, 3)
    assert torch.rand_like(_nchw()[:, :, ::2]).stride() == (30, 10, 5, 1)
    # PyTorch draws into the new tensor's memory in memory order
    torch.manual_seed(3)
    drawn = torch.rand_like(c)
    torch.manual_seed(3)
    flat = torch.rand(120)
    np.testing.assert_array_equal(drawn.permute(0, 2, 3, 1).reshape(-1).numpy(), flat.numpy())


@pytest.mark.parametrize("make, message", [
    (lambda: torch.ones(3, 4).contiguous(memory_format=CL),
     "required rank 4 tensor to use channels_last format"),
    (lambda: torch.ones(3, 4).clone(memory_format=CL),
     "required rank 4 tensor to use channels_last format"),
    (lambda: torch.ones(3, 4).to(torch.float64, memory_format=CL),
     "required rank 4 tensor to use channels_last format"),
    (lambda: torch.empty(2, 3, 4, 5, memory_format=CL3),
     "required rank 5 tensor to use channels_last_3d format"),
    (lambda: torch.empty_like(torch.ones(2, 3, 4), memory_format=CL),
     "required rank 4 tensor to use channels_last format"),
    (lambda: _nchw().transpose(1, 3).contiguous(memory_format=PF),
     "preserve memory format is unsupported by the contiguous operator"),
    (lambda: torch.empty(2, 3, memory_format=PF), "unsupported memory format Preserve"),
])
def test_pytorchs_runtime_errors(make, message):
    with pytest.raises(RuntimeError, match=f"^{message}$"):
        make()


@pytest.mark.parametrize("make, message", [
    (lambda: _nchw().contiguous(memory_format="channels_last"),
     "contiguous(): argument 'memory_format' must be torch.memory_format, not str"),
    (lambda: _nchw().contiguous(memory_format=None),
     "contiguous(): argument 'memory_format' must be torch.memory_format, not NoneType"),
    (lambda: _nchw().clone(memory_format="x"),
     "clone(): argument 'memory_format' must be torch.memory_format, not str"),
    (lambda: torch.empty(2, memory_format="x"),
     "empty(): argument 'memory_format' must be torch.memory_format, not str"),
    (lambda: torch.zeros(2, memory_format=CL),
     "zeros() got an unexpected keyword argument 'memory_format'"),
    (lambda: torch.ones(2, memory_format=CL),
     "ones() got an unexpected keyword argument 'memory_format'"),
    (lambda: _nchw().to(torch.float64, memory_format="x"),
     "to() received an invalid combination of arguments - got (torch.dtype, memory_format=str), "
     "but expected one of:\n * (torch.device device = None, torch.dtype dtype = None, bool "
     "non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n * "
     "(torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format "
     "memory_format = None)\n * (Tensor tensor, bool non_blocking = False, bool copy = False, *, "
     "torch.memory_format memory_format = None)\n"),
])
def test_pytorchs_type_errors(make, message):
    with pytest.raises(TypeError) as error:
        make()
    assert str(error.value) == message


def test_gradients_of_leaves_keep_their_layout():
    for leaf, strides in ((_nchw().requires_grad_(), (60, 20, 5, 1)),
                          (_nhwc().detach().requires_grad_(), (60, 1, 15, 3))):
        for op in (lambda a: a.clone(memory_format=CL), lambda a: a.contiguous(),
                   lambda a: a.to(torch.float64, memory_format=CF)):
            leaf.grad = None
            y = op(leaf)
            (y * y).relu().sum().backward()
            assert leaf.grad.stride() == strides
            np.testing.assert_array_equal(leaf.grad.numpy(), 2 * leaf.detach().numpy())


def test_module_to_lays_out_4d_and_5d_tensors_only():
    net = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4))
    weight = net[0].weight
    weight.grad = torch.ones(4, 3, 3, 3)
    net.to(memory_format=CL)
    assert net[0].weight is weight and weight.stride() == (27, 1, 9, 3)
    assert weight.grad.stride() == (27, 1, 9, 3) and net[1].running_mean.stride() == (1,)
    net.to(torch.float64, memory_format=CF)
    assert weight.stride() == (27, 9, 3, 1) and weight.dtype == torch.float64
    five = nn.Module()
    five.weight = nn.Parameter(torch.ones(3, 2, 2, 2, 2))
    with pytest.raises(RuntimeError, match="^required rank 4 tensor to use channels_last format$"):
        five.to(memory_format=CL)
    five.to(memory_format=CL3)
    assert five.weight.stride() == (16, 1, 8, 4, 2)


def test_conv2d_result_is_channels_last_for_a_channels_last_input_or_weight():
    conv = nn.Conv2d(3, 4, 3)
    x = _nchw()
    assert conv(_nhwc()).stride() == (24, 1, 12, 4)
    assert conv(x).stride() == (24, 6, 3, 1)
    expected = conv(x).detach().numpy()
    # (equal but for float32 rounding: PyTorch sums the channels-last layout on other oneDNN
    # kernels, and hookgrad follows only the contiguous one's order: conv_onednn_order.py)
    np.testing.assert_allclose(conv(x.contiguous(memory_format=CL)).detach().numpy(), expected,
                               rtol=1e-5)
    conv.to(memory_format=CL)
    out = conv(_nchw())
    assert out.stride() == (24, 1, 12, 4)
    np.testing.assert_allclose(out.detach().numpy(), expected, rtol=1e-5)
    assert _nhwc().relu().stride() == (60, 1, 15, 3)
    assert (_nhwc() + _nchw()).stride() == (60, 1, 15, 3)
