# linalg.vector_norm's refusal of an inf or negative-order norm over an empty dim names the
# first empty dim as it was given, negative or not, in the order given (fuzz 26:19352).
import torch

x = torch.zeros((0, 3, 0))
for dim in (-3, 0, (0, 2), (-1, 0), (2, -3), (1, -1), -2):
    for order in (float("inf"), -1.0):
        try:
            print(dim, order, torch.linalg.vector_norm(x, ord=order, dim=dim).shape)
        except RuntimeError as error:
            print(dim, order, error)
