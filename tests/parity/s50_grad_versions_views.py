# 103:18156: a value-selecting reduction's gradient that is a view (here an empty one, through
# as_strided under create_graph) keeps its own version counter: bumping it would bump its
# base's, which the graph saved, and the next backward would refuse.
import torch

v0 = torch.tensor([[1.497, -1.146, -0.978], [-2.286, 1.146, 0.112]], requires_grad=True)
v2 = v0[torch.tensor([-1, -2]), 1:2:3]
v3 = v2[-1:0]
values, indices = torch.cummax(v3, 0)
values.backward(gradient=torch.zeros((0, 1)), retain_graph=True)
print(v0.grad)
values.backward(gradient=torch.zeros((0, 1)), create_graph=True)
print(v0.grad, v0.grad._version)
