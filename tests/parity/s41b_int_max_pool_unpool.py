# adaptive max pooling and max_unpool have floating kernels only in PyTorch: an integer, bool
# or complex input raises NotImplementedError '"adaptive_max_pool2d" not implemented for
# 'Long'' (the 1-d forms name the 2-d kernel) after the shape checks (fuzz 901:257, 901:570,
# 901:457, 901:2651 with HGFUZZ_BOOST_MORE2=15); max_unpool checks the indices' dtype first.
import torch

F = torch.nn.functional


def attempt(label, fn):
    try:
        out = fn()
        print(label, "ok", out.dtype, tuple(out.shape))
    except Exception as error:
        print(label, type(error).__name__, error)


for dtype in (torch.int64, torch.int32, torch.uint8, torch.bool, torch.complex64,
              torch.float32):
    attempt("amp2", lambda: F.adaptive_max_pool2d(torch.ones(1, 2, 3, dtype=dtype), 2))
    attempt("amp1", lambda: F.adaptive_max_pool1d_with_indices(torch.ones(1, 2, 3, dtype=dtype),
                                                                2)[1])
    attempt("amp2i", lambda: F.adaptive_max_pool2d_with_indices(
        torch.ones(2, 3, 3, dtype=dtype), [2, None])[0])
    attempt("tamp1", lambda: torch.adaptive_max_pool1d(torch.ones(1, 2, 3, dtype=dtype), 2)[0])
    attempt("unpool2", lambda: F.max_unpool2d(torch.ones(1, 2, 3, 3, dtype=dtype),
                                              torch.zeros(1, 2, 3, 3, dtype=torch.long), 2))
    attempt("unpool1", lambda: F.max_unpool1d(torch.ones(1, 2, 3, dtype=dtype),
                                              torch.zeros(1, 2, 3, dtype=torch.long), 2))
# the order of the checks: empty dims, then the dtype; indices' dtype, shapes, then the dtype
attempt("empty", lambda: F.adaptive_max_pool2d(torch.ones(1, 0, 3, dtype=torch.long), 2))
attempt("idx", lambda: F.max_unpool2d(torch.ones(1, 2, 3, 3, dtype=torch.long),
                                      torch.zeros(1, 2, 3, 3), 2))
attempt("shape", lambda: F.max_unpool2d(torch.ones(1, 2, 3, 3, dtype=torch.long),
                                        torch.zeros(1, 2, 3, 2, dtype=torch.long), 2))
attempt("bad index", lambda: F.max_unpool2d(torch.ones(1, 1, 2, 2, dtype=torch.long),
                                            torch.full((1, 1, 2, 2), 99), 2))
