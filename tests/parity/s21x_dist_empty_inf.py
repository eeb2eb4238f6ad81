# dist / vector_norm of empty tensors: the inf and negative-order norms have no identity and
# raise PyTorch's error; the others are 0.
import torch

for p in (float("inf"), float("-inf"), -1.0, 2, 0, 1):
    for label, fn in [("dist", lambda: torch.dist(torch.zeros(1, 0, 3), torch.zeros(1, 0, 3), p)),
                      ("vector_norm", lambda: torch.linalg.vector_norm(torch.zeros(0, 2), p)),
                      ("vector_norm dim", lambda: torch.linalg.vector_norm(torch.zeros(0, 2), p, dim=0))]:
        try:
            print(label, p, fn())
        except RuntimeError as error:
            print(label, p, "raises", error)
