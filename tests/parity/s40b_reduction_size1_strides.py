# The strides of a reduction's result in its dims of size 1 (differential layout sweep, no fuzz
# id): PyTorch allocates the result with C strides in every dim, so x.t().amax(1,
# keepdim=True) has strides (1, 1), where NumPy gave the kept dim the stride the input's layout
# suggested ((1, 3)); both are "contiguous", stride() shows the difference. amax / amin, prod,
# linalg.vector_norm, all / any, aminmax, count_nonzero and nanmean (whose division's layout
# then followed the count's strides).
import torch

swapped = torch.arange(1.0, 13.0).reshape(4, 3).t()
turned = torch.arange(1.0, 25.0).reshape(4, 2, 3).permute(1, 2, 0)
cl = torch.arange(1.0, 121.0).reshape(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
odd = torch.arange(1.0, 13.0).reshape(4, 1, 3).permute(2, 1, 0)
for name, x in {"transposed": swapped, "permuted": turned, "channels-last": cl,
                "size-1 dim": odd}.items():
    for d in range(x.dim()):
        results = {"amax": x.amax(d, keepdim=True), "amin": x.amin(d),
                   "prod": x.prod(d, keepdim=True),
                   "vector_norm": torch.linalg.vector_norm(x, 1, d, keepdim=True),
                   "all": (x > 2).all(d, keepdim=True), "any": (x > 2).any(d),
                   "aminmax": torch.aminmax(x, dim=d, keepdim=True).max,
                   "count_nonzero": torch.count_nonzero(x, d),
                   "nanmean": x.nanmean(d, keepdim=True), "nanmean, dim kept out": x.nanmean(d)}
        print(name, d, *(f"{op} {r.stride()}" for op, r in results.items()))
