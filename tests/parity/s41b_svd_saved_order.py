# linalg.svd's node unpacks S before U and Vh: with several factors changed in place, the
# version-check error names S (output 1) (fuzz 903:1989 with HGFUZZ_BOOST_MORE2=15); the
# saved factors by name still read as PyTorch's.
import torch

v0 = torch.tensor([[[2.125, 0.875, -0.5]], [[3.75, 0.5, 0.25]]], requires_grad=True)
for mods in [("U", "S"), ("S", "Vh"), ("U", "Vh"), ("U", "S", "Vh"), ("U",), ("S",), ("Vh",)]:
    for full in (False, True):
        U, S, Vh = torch.linalg.svd(v0, full_matrices=full)
        out = {"U": U, "S": S, "Vh": Vh}
        for m in mods:
            out[m].mul_(1)
        try:
            (U.sum() + S.sum() + Vh.sum()).backward()
            print(mods, full, "ok")
        except RuntimeError as e:
            print(mods, full, str(e)[100:170])
U, S, Vh = torch.linalg.svd(v0, full_matrices=False)
node = S.grad_fn
print(node._saved_S, node._saved_U.shape, node._saved_Vh.shape, node._saved_full_matrices)
