# Tensor methods and torch functions that are compositions or questions: is_signed /
# is_nonzero / is_same_size / is_neg / isreal, h/v/dsplit, diagflat, matrix_power (its
# nodes per power), adjoint / mH / H, frexp, histc, cov / corrcoef, ger, fill_diagonal_.
import torch


def show(label, f):
    try:
        r = f()
        if isinstance(r, tuple):
            print(
                label,
                [(x.shape if hasattr(x, "shape") else x) for x in r],
                [getattr(x, "grad_fn", None) and x.grad_fn.name() for x in r],
                r,
            )
        else:
            print(label, r, getattr(r, "grad_fn", None) and r.grad_fn.name())
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.tensor([[1.0, -2.0, 3.0], [0.5, 0.0, -1.0]], requires_grad=True)
sq = torch.tensor([[2.0, 1.0], [0.5, 3.0]], requires_grad=True)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
show("is_cpu", lambda: x.is_cpu)
show(
    "is_signed",
    lambda: (
        x.is_signed(),
        torch.zeros(2, dtype=torch.uint8).is_signed(),
        torch.zeros(2, dtype=torch.bool).is_signed(),
        torch.zeros(1, dtype=torch.int8).is_signed(),
    ),
)
show("is_nonzero", lambda: torch.tensor([0.5]).is_nonzero())
show("is_nonzero0", lambda: torch.tensor([]).is_nonzero())
show("is_nonzero2", lambda: torch.tensor([1.0, 2.0]).is_nonzero())
show("is_same_size", lambda: (x.is_same_size(x), x.is_same_size(v)))
show("is_neg", lambda: (x.is_neg(), x.resolve_neg() is x))
show("isreal", lambda: x.isreal())
show("hsplit", lambda: x.hsplit(3))
show("hsplit1d", lambda: v.hsplit([1]))
show("hsplit_bad", lambda: x.hsplit(2))
show("hsplit0", lambda: torch.tensor(1.0).hsplit(1))
show("vsplit", lambda: x.vsplit(2))
show("vsplit_bad", lambda: v.vsplit(1))
show("dsplit_bad", lambda: x.dsplit(1))
show("dsplit", lambda: x.reshape(1, 2, 3).dsplit([1, 2]))
show("diagflat", lambda: v.diagflat())
show("diagflat1", lambda: x.diagflat(1))
show("matrix_power2", lambda: sq.matrix_power(2))
show("matrix_power3", lambda: sq.matrix_power(3))
show("matrix_power0", lambda: sq.matrix_power(0))
show("matrix_power1", lambda: sq.matrix_power(1))
show("matrix_power-1", lambda: sq.matrix_power(-1))
show("matrix_power_bad", lambda: v.matrix_power(2))
show("adjoint", lambda: x.adjoint())
show("mH", lambda: x.mH)
show("H", lambda: x.H)
show("H3", lambda: x.reshape(1, 2, 3).H)
show("frexp", lambda: torch.tensor([0.0, 1.5, -8.0, 1e-40]).frexp())
show("histc", lambda: torch.tensor([1.0, 2.0, 1.0, 2.5, 4.0]).histc(bins=4, min=0, max=3))
show("histc_auto", lambda: torch.tensor([1.0, 2.0, 1.0, 2.5, 4.0]).histc(bins=3))
show("cov", lambda: x.cov())
show("corrcoef", lambda: x.corrcoef())
show("ger", lambda: v.ger(v))
show("fill_diagonal_", lambda: torch.zeros(3, 4).fill_diagonal_(5.0))
show("fill_diagonal_wrap", lambda: torch.zeros(7, 3).fill_diagonal_(5.0, wrap=True))
