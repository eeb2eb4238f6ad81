# inverse of a matrix with infinities: no NumPy warning reaches the user (PyTorch warns nothing)
import warnings

import torch

warnings.simplefilter("always")
for rows in ([[1.0, 1.5, -0.25], [float("-inf"), -0.0, -0.75], [-1.5, -0.25, -2.0]],
             [[float("inf"), 1.0], [2.0, float("inf")]]):
    v0 = torch.tensor(rows, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            print("inverse", torch.inverse(v0))
        except Exception as e:
            print("inverse", type(e).__name__, e)
    print("warnings", [str(w.message) for w in caught])
