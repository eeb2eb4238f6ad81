# softmax's gradient over the last dim rounds as PyTorch's kernel
# (_vec_host_softmax_backward_lastdim): (grad - sum) * output, the sum of the rounded
# products grad * output by map2_reduce_all over vector lanes (float64: 4 lanes, then the
# lanes in order). hookgrad does this with create_graph and in float64 (float32 without
# create_graph keeps NumPy's one-pass sums: cost). Rows whose forward both libraries round
# alike (float32's forward differs by PyTorch's vectorised exp). Bit patterns (sweep s41a).
import numpy as np
import torch


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


rng = np.random.default_rng(21)
inputs, grads = rng.standard_normal((400, 10)) * 2, rng.standard_normal((400, 10))
rows = [67, 72]
for cg in (False, True):
    x = torch.tensor(inputs[rows], dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(torch.softmax(x, 1), x,
                               torch.tensor(grads[rows], dtype=torch.float64), create_graph=cg)
    for row in bits(g):
        print(cg, row)
