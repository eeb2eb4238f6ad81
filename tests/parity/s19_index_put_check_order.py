# Fuzz (2:7273, 2:8571): x[key] = value and index_put_ check the key, then whether the value
# broadcasts to the indexed shape, then its dtype (a value of another dtype and a wrong shape
# gets the shape mismatch).
import torch

D, L, B = torch.float64, torch.int64, torch.bool


def attempt(label, run):
    try:
        run()
        print(label, "ok")
    except (RuntimeError, IndexError) as error:
        print(label, type(error).__name__, error)


def put(key, value, target=None):
    def run():
        x = torch.zeros(3, 2) if target is None else target
        x[key] = value
        print(x)
    return run


attempt("list, double of another shape", put([0, 1], torch.ones(3, 3, dtype=D)))
attempt("list, long of another shape", put([0, 1], torch.ones(3, 3, dtype=L)))
attempt("index tensor, more dims", put(torch.tensor([0, 1]), torch.ones(3, 2, 2, dtype=D)))
attempt("mask, another shape", put(torch.tensor([True, False, True]), torch.ones(3, 3, dtype=D)))
attempt("empty mask of another size", put(torch.zeros(0, dtype=B), torch.ones(2, 0, 2, dtype=D)))
attempt("empty mask, empty value", put(torch.zeros(0, dtype=B), torch.ones(0, 2)))
attempt("empty mask of an empty slice", put(torch.zeros(0, dtype=B), torch.ones(2, 0, 2, dtype=D),
                                            torch.zeros(3, 2)[3:]))
attempt("list and slices", put(([-1], slice(-2, 2), ...), torch.ones(2, 1, 1, dtype=L)))
attempt("list, double broadcasting", put([0, 1], torch.ones(2, dtype=D)))
attempt("list, double of the shape", put([0, 1], torch.ones(1, 2, 2, dtype=D)))
attempt("list, another shape, same dtype", put([0, 1], torch.ones(3, 3)))
attempt("mask, one double", put(torch.tensor([True, False, True]), torch.ones(1, dtype=D)))
attempt("index_put_, another shape", lambda: torch.zeros(3, 2).index_put_(
    (torch.tensor([0, 1]),), torch.ones(3, 3, dtype=D)))
attempt("index_put_ accumulate, another shape", lambda: torch.zeros(3, 2).index_put_(
    (torch.tensor([0, 1]),), torch.ones(3, 3, dtype=D), accumulate=True))
attempt("index_put_ accumulate, double", lambda: torch.zeros(3, 2).index_put_(
    (torch.tensor([0, 1]),), torch.ones(2, 2, dtype=D), accumulate=True))
