# float32 matrix products whose C-ordered result has 5-7 or 9-11 rows (a Linear(., 10)'s
# weight gradient, addmm's mat1 gradient of 10 rows): PyTorch's MKL runs them on two threads
# when they are wide and deep enough, splitting the rows at 4 or 8, and its kernels round the
# narrow second piece otherwise than one thread's whole product. Forward values and the
# gradients of input, mat1 and mat2 printed as md5s of their bits (the runner's tolerance
# would hide a last-bit difference), for contiguous, transposed and strided operands, small
# and large, alpha / beta other than 1, on one and two threads.
import hashlib

import numpy as np
import torch

rng = np.random.default_rng(49)


def bits(t):
    data = t.detach().contiguous().numpy().tobytes()
    return hashlib.md5(data).hexdigest()[:10] + str(tuple(t.shape))


def operand(rows, cols, layout):
    """A (rows, cols) leaf and the view used: "C" as is, "T" a transposed leaf's .T, "s" every
    other column of a wider leaf."""
    if layout == "T":
        leaf = torch.tensor(rng.standard_normal((cols, rows)), dtype=torch.float32)
        return leaf.requires_grad_(), lambda t: t.T
    if layout == "s":
        leaf = torch.tensor(rng.standard_normal((rows, 2 * cols)), dtype=torch.float32)
        return leaf.requires_grad_(), lambda t: t[:, ::2]
    leaf = torch.tensor(rng.standard_normal((rows, cols)), dtype=torch.float32)
    return leaf.requires_grad_(), lambda t: t


CASES = [  # (rows, depth, cols, mat1 layout, mat2 layout, alpha, beta, 1-d input)
    (10, 33, 10, "C", "T", 1.0, 1.0, False),  # last_bit.py's row (a 10x10 result)
    (10, 10, 33, "C", "C", 1.0, 1.0, False),
    (10, 64, 33, "C", "T", 1.0, 1.0, True),
    (10, 20, 33, "T", "T", 0.7, 1.3, False),
    (9, 7, 88, "s", "T", 2.0, 0.0, True),
    (9, 16, 40, "C", "T", 1.0, 0.5, False),
    (5, 12, 130, "T", "C", 1.0, 1.0, False),
    (6, 3, 120, "C", "s", 1.0, 1.0, False),
    (7, 17, 14, "C", "C", 1.0, 1.0, False),
    (11, 5, 20, "T", "C", 1.5, 1.0, False),
    (33, 10, 10, "C", "C", 1.0, 1.0, False),
    (64, 200, 128, "C", "T", 0.7, 1.3, False),
    (150, 300, 200, "T", "T", 2.5, 1.0, False),
]


def run(rows, depth, cols, layout1, layout2, alpha, beta, flat_input):
    bias = torch.tensor(rng.standard_normal((cols,) if flat_input else (rows, cols)),
                        dtype=torch.float32, requires_grad=True)
    leaf1, view1 = operand(rows, depth, layout1)
    leaf2, view2 = operand(depth, cols, layout2)
    out = torch.addmm(bias, view1(leaf1), view2(leaf2), alpha=alpha, beta=beta)
    grad = torch.tensor(rng.standard_normal((rows, cols)), dtype=torch.float32)
    grads = torch.autograd.grad(out, (bias, leaf1, leaf2), grad)
    product = torch.mm(view1(leaf1).detach(), view2(leaf2).detach())
    print(rows, depth, cols, layout1, layout2, alpha, beta, flat_input, bits(out), bits(product),
          *(bits(g) for g in grads))


def linear(batch, features, outputs):
    """F.linear's weight gradient: grad.T @ x, a result ``outputs`` rows high."""
    layer = torch.nn.Linear(features, outputs)
    x = torch.tensor(rng.standard_normal((batch, features)), dtype=torch.float32)
    layer(x).backward(torch.tensor(rng.standard_normal((batch, outputs)), dtype=torch.float32))
    print("linear", batch, features, outputs, bits(layer.weight.grad), bits(layer.bias.grad))


for threads in (1, 2):
    torch.set_num_threads(threads)
    torch.manual_seed(49)
    print("threads", threads)
    for case in CASES:
        run(*case)
    linear(64, 33, 10)
    linear(32, 100, 6)
    linear(128, 20, 9)
torch.set_num_threads(1)
