# log_softmax of a row (or column) whose maximum is inf: inf - inf is a negative NaN, whose
# exp and sum PyTorch's kernel logs as a positive NaN, so the row's other elements are positive
# NaNs (fuzz 55:14062: the sign bit then survives silu and margin_ranking_loss to signbit()).
import torch

F = torch.nn.functional
inf, nan = float("inf"), float("nan")
rows = [[inf, -0.435], [inf, -0.435, 1.0], [-0.435, inf], [inf, inf], [inf] + [0.5] * 20,
        [nan, -0.435], [-nan, -0.435]]
for row in rows:
    for dtype in (torch.float32, torch.float64):
        x = torch.tensor([row], dtype=dtype)
        print(row[:3], dtype, torch.log_softmax(x, -1).signbit().tolist(),
              torch.log_softmax(x.t(), 0).signbit().tolist(),
              torch.softmax(x, -1).signbit().tolist())
x = torch.tensor([[0.356, -3.491], [inf, -0.435]])
loss = F.margin_ranking_loss(F.silu(F.log_softmax(x, dim=-1)), torch.tensor([[-0.75, -2.0], [-0.75, -1.0]]),
                             torch.tensor([[-1.0, 1.0], [-1.0, -1.0]]), reduction="none")
print(loss.signbit().tolist())
