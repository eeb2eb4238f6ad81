# batch_norm of an (N, C) input in training: PyTorch's channels-last kernel (its channels are
# contiguous) sums each thread's rows in float32 and its squares (x - mean)^2 with fused
# multiply-adds, the threads' partials added in float64; the rows split over the threads
# (two rows of up to 16 channels on one). One ulp of invstd was a different slogdet of a
# nearly singular output (8:13455). Two threads, so both sides split the rows alike.
import torch

F = torch.nn.functional
torch.set_num_threads(2)
x = torch.tensor([[-0.205, 2.193], [1.703, -0.894]])
y = F.batch_norm(x, torch.tensor([-0.25, -1.75]), torch.tensor([1.0, 1.5]), training=True)
print(y, torch.slogdet(y))
for rows, channels in ((2, 3), (2, 17), (3, 2), (5, 4), (8, 20), (13, 3), (32, 5)):
    values = [((k * 37) % 23 - 11) * 0.25 + ((k * 11) % 7) * 0.01 for k in range(rows * channels)]
    x = torch.tensor(values).reshape(rows, channels)
    weight = torch.tensor([1.5 - 0.25 * c for c in range(channels)])
    print(rows, channels, F.batch_norm(x, None, None, weight, training=True).tolist())
    print(F.batch_norm(x.unsqueeze(-1), None, None, training=True).flatten().tolist())
