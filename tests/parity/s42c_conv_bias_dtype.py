# F.conv1d / F.conv2d (numeric padding) check first that the bias has the input's dtype, with
# the C++ type names ("Input type (double) and bias type (float) should be the same"), before
# the input's dims and the weight's dtype; their padding='same' / 'valid' forms do not check
# it. (fuzz 900:893, 900:798, op table part 9: nn.Conv1d / Conv2d of a float64 input)
import torch

F = torch.nn.functional


def attempt(label, fn):
    try:
        out = fn()
        print(label, "ok", out.dtype, out.shape)
    except Exception as error:
        print(label, type(error).__name__, error)


x = torch.ones(1, 2, 3, dtype=torch.float64)
w32, w64 = torch.ones(2, 2, 1), torch.ones(2, 2, 1, dtype=torch.float64)
attempt("weight and bias float32", lambda: F.conv1d(x, w32, torch.ones(2)))
attempt("weight float32, no bias", lambda: F.conv1d(x, w32))
attempt("bias float32 only", lambda: F.conv1d(x, w64, torch.ones(2)))
attempt("float32 input", lambda: F.conv1d(x.float(), w64, torch.ones(2, dtype=torch.float64)))
attempt("int bias", lambda: F.conv2d(torch.ones(1, 1, 2, 2), torch.ones(1, 1, 1, 1),
                                     torch.ones(1, dtype=torch.int64)))
attempt("long input", lambda: F.conv1d(x.long(), w32, torch.ones(2)))
attempt("bad dims too", lambda: F.conv1d(torch.ones(3, dtype=torch.float64), w64, torch.ones(2)))
attempt("padding same", lambda: F.conv1d(x, w64, torch.ones(2), padding="same"))
attempt("padding valid", lambda: F.conv1d(x, w64, torch.ones(2), padding="valid"))
attempt("module", lambda: torch.nn.Conv2d(2, 2, 1)(x.unsqueeze(-1)))
