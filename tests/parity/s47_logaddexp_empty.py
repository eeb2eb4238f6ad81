# logaddexp of empty tensors (and empty broadcast / permuted ones), float32 and float64
# (fuzz 78:15744).
import torch
for dt in (torch.float32, torch.float64):
    pairs = ((torch.zeros(0, dtype=dt), torch.zeros(0, dtype=dt)),
             (torch.zeros(0, 3, dtype=dt), torch.zeros(3, dtype=dt)),
             (torch.zeros(2, 0, dtype=dt).t(), torch.zeros(2, 0, dtype=dt).t()))
    for a, b in pairs:
        print(dt, torch.logaddexp(a, b).shape)
