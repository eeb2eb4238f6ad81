# F.embedding(max_norm=...) renormalises each used row as PyTorch's embedding_renorm_: the row's
# norm in the row's own dtype (read as a double), the row times max_norm / (norm + 1e-7) in
# that dtype (hookgrad took the norm in float64 and rounded the scale first; not a fuzz find,
# seen while adding embedding_bag's max_norm). Rows as bit patterns.
import torch, numpy as np
rng = np.random.default_rng(3)
w = torch.from_numpy(rng.standard_normal((6, 13)).astype(np.float32) * 2)
w2 = w.clone()
torch.nn.functional.embedding(torch.tensor([0, 2, 2, 5]), w, max_norm=1.5)
w3 = w2.double()
torch.nn.functional.embedding(torch.tensor([0, 2, 3]), w3, max_norm=2.5, norm_type=1.)
print(w3.numpy().view(np.int64).tolist())
print(w.numpy().view(np.int32).tolist())
