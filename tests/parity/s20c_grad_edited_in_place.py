# Fuzz seed 5 (5:19455): a leaf's .grad edited in place (squeeze_, unsqueeze_, t_, a .data of
# another dtype) before the next backward accumulates into it: PyTorch's in-place add raises
# its own shape / dtype errors (NumPy's ValueError and UFuncTypeError leaked); under
# create_graph the sum is out of place and broadcasts.
import torch


def run(label, edit, shape, create_graph):
    v = torch.ones(shape, requires_grad=True)
    (v * 2).sum().backward()
    edit(v.grad)
    try:
        (v * 3).sum().backward(create_graph=create_graph)
        print(label, create_graph, "->", tuple(v.grad.shape), v.grad.dtype, v.grad.flatten()[:4])
    except Exception as error:
        print(label, create_graph, "raised", type(error).__name__, error)


CASES = [("squeeze_", lambda g: g.squeeze_(), (1, 2, 2, 2)),
         ("squeeze_(0)", lambda g: g.squeeze_(0), (1, 2, 2, 2)),
         ("unsqueeze_(0)", lambda g: g.unsqueeze_(0), (1, 2, 2, 2)),
         ("unsqueeze_(1)", lambda g: g.unsqueeze_(1), (2, 3)),
         ("t_", lambda g: g.t_(), (2, 3)),
         ("transpose_", lambda g: g.transpose_(0, 1), (2, 3)),
         ("swapdims_", lambda g: g.swapdims_(0, 1), (2, 2)),
         ("squeeze_ 1", lambda g: g.squeeze_(), (1,)),
         ("squeeze_ 1x3", lambda g: g.squeeze_(), (1, 3))]
for dtype in (torch.float64, torch.int64, torch.float16, torch.bool, torch.complex64):
    CASES.append((f".data {dtype}", lambda g, dtype=dtype: setattr(g, "data", g.data.to(dtype)),
                  (2, 2)))
for create_graph in (False, True):
    for label, edit, shape in CASES:
        run(label, edit, shape, create_graph)
