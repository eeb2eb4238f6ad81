# index_fill of an empty tensor with indices first views its storage-less clone with the
# filled dim's size set to the index count (stride 0): where that view has elements PyTorch
# raises its setStorage RuntimeError before any index check (s40b's sweep). angle() of a
# complex tensor is C-contiguous whatever the input's layout.
import torch


def run(label, make):
    try:
        out = make()
        print(label, tuple(out.shape), out.stride(), out.tolist())
    except Exception as error:
        print(label, type(error).__name__, error)


run("(3, 0) dim 1", lambda: torch.zeros(3, 0).index_fill(1, torch.tensor([0]), 1.0))
run("(3, 0) dim 1 in place", lambda: torch.zeros(3, 0).index_fill_(1, torch.tensor([0, 2]), 1.0))
run("(3, 0) dim 0", lambda: torch.zeros(3, 0).index_fill(0, torch.tensor([0]), 1.0))
run("(4, 3)[:, :0]", lambda: torch.zeros(4, 3)[:, :0].index_fill(1, torch.tensor([1]), 2.0))
run("(2, 0, 3) float64", lambda: torch.zeros(2, 0, 3, dtype=torch.float64).index_fill(
    1, torch.tensor([0, 1]), torch.tensor(1.0, dtype=torch.float64)))
run("(0, 3, 2) dim 2", lambda: torch.zeros(0, 3, 2).index_fill(2, torch.tensor([0, 1]), 1.0))
run("(3, 0) no index", lambda: torch.zeros(3, 0).index_fill(1, torch.tensor([], dtype=torch.long),
                                                            1.0))

z = torch.complex(torch.arange(20.0).reshape(4, 5), torch.arange(20.0).reshape(4, 5).flip(0))
for label, view in (("transposed", z.t()), ("stepped", z[:, ::2]),
                    ("expanded", z[:, :1].expand(4, 3))):
    angle = view.angle()
    print("angle", label, view.stride(), angle.stride(), [round(v, 6) for v in angle.flatten().tolist()])
