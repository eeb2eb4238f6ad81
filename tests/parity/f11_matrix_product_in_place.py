# Issue 11 (fuzz): baddbmm_/addmm_/addmv_ whose product does not have self's shape raise
# PyTorch's "Bad in-place call" (addr_ its "size mismatch"); matching shapes work, with
# beta/alpha and gradients; a leaf that requires grad is refused first.
import torch

w = torch.ones(3, 2, requires_grad=True)
cases = [
    ("baddbmm_", lambda: torch.zeros(1, 2, 1).baddbmm_(torch.ones(2, 2, 3), torch.ones(2, 3, 1))),
    ("baddbmm_ 0-d", lambda: torch.zeros(()).baddbmm_(torch.ones(2, 2, 3), torch.ones(2, 3, 1))),
    ("baddbmm_ ok", lambda: torch.zeros(2, 2, 1).baddbmm_(torch.ones(2, 2, 3),
                                                         torch.ones(2, 3, 1), beta=0.5)),
    ("addmm_", lambda: torch.zeros(1, 2).addmm_(torch.ones(3, 4), torch.ones(4, 2))),
    ("addmm_ ok", lambda: torch.ones(3, 2).addmm_(torch.ones(3, 4), torch.ones(4, 2), alpha=2)),
    ("addmv_", lambda: torch.zeros(1).addmv_(torch.ones(3, 4), torch.ones(4))),
    ("addmv_ ok", lambda: torch.zeros(3).addmv_(torch.ones(3, 4), torch.ones(4))),
    ("addr_", lambda: torch.zeros(1, 2).addr_(torch.ones(3), torch.ones(2))),
    ("addmv_ 2-d self", lambda: torch.zeros(2, 2).addmv_(torch.ones(2, 2), torch.ones(2))),
    ("addmm_ 0-d self", lambda: torch.zeros(()).addmm_(torch.ones(3, 4), torch.ones(4, 2))),
    ("addr_ ok", lambda: torch.zeros(3, 2).addr_(torch.ones(3), torch.ones(2))),
    ("leaf first", lambda: w.baddbmm_(torch.ones(2, 2, 3), torch.ones(2, 3, 1))),
    ("leaf first addmm_", lambda: w.addmm_(torch.ones(2, 4), torch.ones(4, 2))),
    ("addmm_ grad", lambda: torch.autograd.grad(
        (w * 1).addmm_(torch.ones(3, 4), torch.ones(4, 2)).sum(), w)),
]
for name, run in cases:
    try:
        print(name, run())
    except RuntimeError as error:
        print(name, type(error).__name__, error)
