# hardtanh / relu6's gradient at a NaN input: 0 in PyTorch's vector loop, passed through in
# its element loop; an input laid out as the gradient but for a size-1 dim's stride (a
# transposed view) is looped as one dense block too (fuzz 44:19370). And histc's range of
# infinities of one sign, which PyTorch's min/max start from the dtype's finite bounds
# (fuzz 44:9977).
import torch

F = torch.nn.functional
for cg in (False, True):
    for n in (4, 8, 9, 16):
        x = torch.full((n,), 1.0, dtype=torch.float64); x[-1] = float('nan'); x[0] = float('nan')
        x.requires_grad_()
        g = torch.autograd.grad(F.relu6(x), x, torch.ones(n, dtype=torch.float64, requires_grad=True), create_graph=cg)[0]
        print(cg, n, g.tolist())
    x = torch.tensor([[[-1.0, 0.25]], [[1.0, -0.5]], [[0.0, 2.0]], [[0.5, float("nan")]]], dtype=torch.float64, requires_grad=True)
    x2 = x.transpose(0, -2)
    g = torch.autograd.grad(F.relu6(x2), x, torch.ones(1, 4, 2, dtype=torch.float64, requires_grad=True), create_graph=cg)[0]
    print(cg, "t", g.flatten().tolist())
for values in ([float("-inf"), float("-inf")], [float("inf"), float("inf")],
               [float("-inf"), 1.0], [float("nan"), 1.0]):
    for dtype in (torch.float32, torch.float64):
        try:
            torch.histc(torch.tensor(values, dtype=dtype))
        except RuntimeError as error:
            print(error)
