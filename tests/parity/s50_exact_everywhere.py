# HOOKGRAD_EXACT=everywhere lifts the size limits past which hookgrad's exact kernels take
# NumPy's cheaper forms: every case below is past its kernel's limit (layer norm over 2^16
# elements and 256 rows, flash attention over 2^15 scores, LeNet's convolutions' weight
# gradients over 2^18 products and bias gradients over 16,384 positions, float64 softmax over
# 2^15, the tanh gelu over 2^16, batch norm's training gradients over 2^16), so each prints
# PyTorch's bits only with the switch. (The variable means nothing to PyTorch itself.)
import hashlib
import os

os.environ["HOOKGRAD_EXACT"] = "everywhere"

import numpy as np  # noqa: E402
import torch  # noqa: E402

F = torch.nn.functional
torch.set_num_threads(1)
rng = np.random.default_rng(50)


def tensor(*shape, dtype=np.float32, grad=True):
    t = torch.from_numpy((rng.standard_normal(shape) * 2.0).astype(dtype))
    return t.requires_grad_() if grad else t


def bits(name, *tensors):
    digest = hashlib.md5()
    for t in tensors:
        digest.update(t.detach().contiguous().numpy().tobytes())
    print(name, digest.hexdigest())


x, w, b = tensor(16, 64, 128), tensor(128), tensor(128)
y = F.layer_norm(x, (128,), w, b)
y.backward(tensor(16, 64, 128, grad=False))
bits("layer_norm (16, 64, 128)", y, x.grad, w.grad, b.grad)

q, k, v = tensor(16, 4, 64, 32), tensor(16, 4, 64, 32), tensor(16, 4, 64, 32)
out = F.scaled_dot_product_attention(q, k, v)
out.backward(tensor(16, 4, 64, 32, grad=False))
bits("attention (16, 4, 64, 32)", out, q.grad, k.grad, v.grad)

# (the output and the weight and bias gradients: AVX2's input gradients over 8 output channels
# are a kernel hookgrad does not model, whatever the size)
for name, shape, weight in (("conv 1->6 5x5, batch 64", (64, 1, 28, 28), (6, 1, 5, 5)),
                            ("conv 6->16 5x5, batch 64", (64, 6, 12, 12), (16, 6, 5, 5))):
    x, w, b = tensor(*shape), tensor(*weight), tensor(weight[0])
    y = F.conv2d(x, w, b)
    y.backward(tensor(*y.shape, grad=False))
    bits(name, y, w.grad, b.grad)

x = tensor(64, 1000, dtype=np.float64)
y = torch.softmax(x, -1)
y.backward(tensor(64, 1000, dtype=np.float64, grad=False))
bits("float64 softmax (64, 1000)", y, x.grad)

x = tensor(300, 300)
y = F.gelu(x, approximate="tanh")
y.backward(tensor(300, 300, grad=False))
bits("tanh gelu (300, 300)", y, x.grad)

x, w, b = tensor(32, 16, 16, 16), tensor(16), tensor(16)
y = F.batch_norm(x, None, None, w, b, training=True)
y.backward(tensor(32, 16, 16, 16, grad=False))
bits("batch_norm training (32, 16, 16, 16)", y, x.grad, w.grad, b.grad)
