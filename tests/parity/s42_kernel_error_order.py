# PyTorch's iterator refuses a written-to tensor whose elements share memory (an expanded
# one) before its kernel refuses the dtype (bitwise ops of floats) or the result's cast
# (fuzz 52:19085). A rounding division of a complex operand is its kernel's error, naming the
# operands' common dtype (fuzz 52:292), as remainder's does.
import torch


def attempt(label, fn):
    try:
        fn()
        print(label, "worked")
    except Exception as error:
        print(label, type(error).__name__, error)


expanded = torch.tensor([[1.5, 0.5]], dtype=torch.float64).expand(2, -1)
for name in ("bitwise_xor_", "bitwise_and_", "bitwise_or_", "bitwise_left_shift_"):
    attempt(name, lambda: getattr(expanded, name)(2))
attempt("^=", lambda: expanded.__ixor__(2))
attempt("int ^= float", lambda: torch.tensor([[1, 2]]).expand(2, -1).bitwise_xor_(2.5))
history = torch.tensor([[1.5, 0.5]], requires_grad=True).clone().expand(2, -1)
attempt("with history", lambda: history.bitwise_xor_(2))

reals = torch.tensor([1.0, 2.0])
single = torch.tensor(1 + 1j, dtype=torch.complex128)
attempt("//", lambda: reals // single)
attempt("floor_divide", lambda: torch.floor_divide(reals, single))
attempt("div floor", lambda: torch.div(reals, single, rounding_mode="floor"))
attempt("div trunc", lambda: torch.div(reals, single, rounding_mode="trunc"))
attempt("%", lambda: reals % single)
attempt("complex // complex", lambda: single // single)
attempt("complex // number", lambda: single // 2)
attempt("number // complex", lambda: 2 // single)
attempt("floor_divide_", lambda: reals.clone().floor_divide_(single))
