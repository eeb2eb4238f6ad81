# batch / instance norm with an infinite weight: the input's gradient is
# (g - mean(g) - (x - mean) * k) * invstd * weight, the weight multiplied last, so it is +-inf
# where the bracket is not 0 and NaN where it is exactly 0 (PyTorch's sums decide which: in
# vector order for a contiguous gradient, one by one in float64 for a broadcast one), and the
# values under create_graph are the same kernel's.
import torch

F = torch.nn.functional


def show(label, t):
    print(label, [str(v) for v in t.reshape(-1).tolist()])


x = torch.tensor([[[[0.06, 0.976, -0.573], [-1.75, -2.073, 0.666]],
                   [[2.368, 0.902, -2.034], [-2.142, -0.42, 1.475]]],
                  [[[0.274, 0.947, 0.566], [0.072, 1.227, -1.65]],
                   [[-0.77, 1.321, -0.943], [-1.48, -0.502, -0.533]]]], requires_grad=True)
w = torch.tensor([-0.0, float("inf")])
out = F.instance_norm(x, weight=w)
show('broadcast grad', torch.autograd.grad(out.sum(), x)[0])
g = torch.tensor([[0.5, -1.0, 2.0, 0.25, 1.5, -0.75]]).repeat(4, 1).reshape(2, 2, 2, 3)
out = F.instance_norm(x, weight=w)
show('contiguous grad', torch.autograd.grad(out, x, g)[0])

v1 = torch.tensor([[[[float("-inf")], [-1.25], [1.25]]], [[[0.0], [-1.0], [0.0]]]],
                  requires_grad=True)
out = F.instance_norm(v1, weight=torch.tensor([float("inf")], requires_grad=True))
show('create_graph', torch.autograd.grad(out.sum(), [v1], create_graph=True)[0])

v0 = torch.tensor([[[[-1.75, -1.25], [0.75, 1.0], [0.0, -1.0]]],
                   [[[0.75, -1.75], [1.75, -1.25], [-0.75, -0.25]]]], requires_grad=True)
out = F.instance_norm(v0, weight=torch.tensor([float("-inf")]))
out.backward(torch.tensor([[[[0.25, -1.25], [0.0, 0.25], [1.0, -1.0]]],
                           [[[-1.5, 1.75], [1.5, 1.5], [1.75, -2.0]]]]), create_graph=True)
show('backward create_graph', v0.grad)
# rows of more than 16 positions (whole vectors, a tail, then the lanes folded)
xs = torch.tensor([[((i * 7 + c * 3) % 11 - 5) / 4.0 for i in range(37)] for c in range(3)],
                  requires_grad=True).reshape(1, 3, 37)
gs = torch.tensor([[((i * 5 + c) % 9 - 4) / 8.0 for i in range(37)] for c in range(3)])
out = F.batch_norm(xs, None, None, torch.tensor([float("inf"), -float("inf"), float("nan")]),
                   training=True)
show('batch_norm long rows', torch.autograd.grad(out, xs, gs.reshape(1, 3, 37))[0])
