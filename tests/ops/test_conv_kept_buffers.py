"""A training convolution on conv_kernels' tall layout keeps its input's buffers from the
forward for the weight gradient (hookgrad/_ops/conv.py): the gradients equal those of
buffers built again, and a saved-tensor hook's unpacked input is the one used."""
import numpy as np
import pytest

import hookgrad as torch
from hookgrad._ops import conv, conv_kernels

F = torch.nn.functional

# (input, weight, stride, padding): a GEMM per tap, im2col columns, four strided phases
CASES = [((3, 16, 32, 32), (16, 16, 3, 3), 1, 1), ((3, 16, 16, 16), (32, 16, 3, 3), 1, 1),
         ((3, 16, 32, 32), (32, 16, 3, 3), 2, 1)]


def _grads(x_shape, w_shape, stride, padding, unpack=None):
    rng = np.random.default_rng(3)
    x = torch.from_numpy(rng.standard_normal(x_shape).astype(np.float32)).requires_grad_()
    w = torch.from_numpy(rng.standard_normal(w_shape).astype(np.float32)).requires_grad_()
    if unpack is None:
        y = F.conv2d(x, w, stride=stride, padding=padding)
    else:
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
            y = F.conv2d(x, w, stride=stride, padding=padding)
    assert type(y.grad_fn).__name__ == "ConvolutionBackward0"
    y.backward(torch.from_numpy(rng.standard_normal(tuple(y.shape)).astype(np.float32)))
    return x.grad.numpy().copy(), w.grad.numpy().copy()


@pytest.mark.parametrize("x_shape, w_shape, stride, padding", CASES)
def test_kept_buffers_give_the_gradients_of_rebuilt_ones(monkeypatch, x_shape, w_shape,
                                                         stride, padding):
    assert conv_kernels.plan(x_shape, w_shape, (stride,) * 2, (padding,) * 2) is not None
    kept = _grads(x_shape, w_shape, stride, padding)
    monkeypatch.setattr(conv, "KEEP_COLUMNS_BYTES", 0)  # nothing kept: built again
    rebuilt = _grads(x_shape, w_shape, stride, padding)
    for a, b in zip(kept, rebuilt):
        np.testing.assert_array_equal(a, b)


def test_a_saved_tensor_hook_unpacks_the_input_the_weight_gradient_uses():
    x_shape, w_shape, stride, padding = CASES[0]
    plain = _grads(x_shape, w_shape, stride, padding)
    doubled = _grads(x_shape, w_shape, stride, padding,
                     unpack=lambda t: t * 2 if t.dim() == 4 and t.shape[0] == 3 else t)
    np.testing.assert_allclose(doubled[1], 2 * plain[1], rtol=1e-5, atol=1e-4)
    np.testing.assert_array_equal(doubled[0], plain[0])  # the weight was unpacked as is
