# Issue 11 (fuzz 25:1589, f20 4:21): ldexp of a real floating input and an integer (or bool)
# exponent writes into a tensor like the input, which PyTorch resizes with its deprecation
# warning when the exponent broadcasts the result to a bigger shape (not for an empty input,
# a float exponent or an integer input).
import warnings

import torch

cases = [((2, 3, 2), (1, 2, 3, 2), torch.float32, torch.int64),
         ((2, 3), (2, 1, 3), torch.float32, torch.int64),
         ((3,), (2, 3), torch.float32, torch.float32), ((2, 3), (3,), torch.float32, torch.int64),
         ((0, 3), (2, 0, 3), torch.float32, torch.int64), ((3,), (2, 3), torch.int64, torch.int64),
         ((3,), (2, 3), torch.float64, torch.float32), ((1,), (2,), torch.float32, torch.int64),
         ((), (2,), torch.float32, torch.int64), ((3,), (2, 3), torch.float32, torch.bool),
         ((3,), (2, 3), torch.float32, torch.int32), ((3,), (2, 3), torch.float16, torch.int64),
         ((3,), (2, 3), torch.bfloat16, torch.uint8), ((3,), (2, 4), torch.float32, torch.int64)]
for input_shape, exponent_shape, input_dtype, exponent_dtype in cases:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            x = torch.ones(input_shape, dtype=input_dtype)
            e = torch.ones(exponent_shape, dtype=exponent_dtype)
            r = torch.ldexp(x, e)
            print(input_shape, exponent_shape, r.dtype, tuple(r.shape), r.stride())
            x.ldexp(e)
        except (RuntimeError, NotImplementedError) as error:
            print(input_shape, exponent_shape, type(error).__name__, error)
        print(" ", [(w.category.__name__, str(w.message)) for w in caught])
