# Fuzz (5:13230): cosine_similarity converts integer and bool inputs to the common dtype
# before taking norms, and refuses a common dtype that is not floating point first.
import torch

F = torch.nn.functional
w = torch.zeros((0, 2), requires_grad=True)
out = F.cosine_similarity(torch.zeros((0, 2), dtype=torch.int64), w, dim=-1)
print(out, out.grad_fn.name())
y = torch.tensor([[1.0, 2.0]], dtype=torch.float64, requires_grad=True)
out = torch.cosine_similarity(torch.tensor([[3, 1]]), y)
out.sum().backward()
print(out, y.grad)
print(F.cosine_similarity(torch.tensor([[True, False]]), torch.tensor([[1.0, 2.0]])))
print(F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[1.0, 2.0]], dtype=torch.float16)))
print(F.cosine_similarity(torch.tensor([[1, 2], [3, 4]]), torch.tensor(2.0), dim=0))
for a, b in ((torch.tensor([[1, 2]]), torch.tensor([[1, 2, 3]])),
             (torch.tensor([[1, 2]]), torch.tensor([[1j, 2]]))):
    try:
        F.cosine_similarity(a, b)
    except RuntimeError as error:
        print(error)
