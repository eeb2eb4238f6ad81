# Casting complex values to a real dtype warns 'Casting complex values to real discards the
# imaginary part' only when there are values: PyTorch's copy of no elements returns first
# (fuzz 902:622, 902:2851, 902:1775 with HGFUZZ_BOOST_MORE2=15).
import warnings

import torch

torch.set_warn_always(True)
CASES = {"short": lambda z, n: z.short(), "float": lambda z, n: z.float(),
         "to": lambda z, n: z.to(torch.int64), "to_bool": lambda z, n: z.bool(),
         "copy_": lambda z, n: torch.zeros(n).copy_(z),
         "sum": lambda z, n: z.sum(dtype=torch.float32),
         "eq_": lambda z, n: torch.zeros(n).eq_(z), "double": lambda z, n: z.double()}
for n in (0, 2):
    z = torch.zeros(n, dtype=torch.complex64)
    for name, fn in CASES.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fn(z, n)
        print(n, name, [str(w.message)[:45] for w in caught])
