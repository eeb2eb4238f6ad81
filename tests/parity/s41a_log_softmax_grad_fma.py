# log_softmax's gradient over the last dim rounds as PyTorch's kernel
# (_vec_host_softmax_backward_lastdim): the row sum of the incoming gradient by vec::reduce_all
# over 8 float32 / 4 float64 lanes (float32's lanes then by halves, float64's in order), and
# grad - exp(output) * sum one fused multiply-add. hookgrad does this with create_graph and in
# float64; a float32 backward without create_graph keeps the unfused form (cost). Rows whose
# forward and exp round alike in both libraries. Bit patterns (sweep s41a, no fuzz id).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


rng = np.random.default_rng(21)
inputs, grads = rng.standard_normal((400, 10)) * 2, rng.standard_normal((400, 10))
cases = [(torch.float32, (True,), [7, 10, 11, 14]), (torch.float64, (False, True), [0, 2, 12, 13])]
for dtype, graphs, rows in cases:
    for cg in graphs:
        x = torch.tensor(inputs[rows], dtype=dtype, requires_grad=True)
        (g,) = torch.autograd.grad(torch.log_softmax(x, 1), x,
                                   torch.tensor(grads[rows], dtype=dtype), create_graph=cg)
        for row in bits(g):
            print(dtype, cg, row)
