# Found by the fuzzer's op table part 7: diff of bool tensors (logical_xor), its checks of
# order and prepend / append, n = 0 (a copy); trapezoid / cumulative_trapezoid on empty and
# one-sample dims, 0-d inputs, bool inputs, x of fewer dims (padded, not broadcast), x of the
# wrong length; isin refusing bool and complex; channel_shuffle always a new tensor (one
# group: no view of the input); Tensor.matrix_exp.
import torch

def t(label, f):
    try:
        r = f(); print(label, r)
    except Exception as e: print(label, type(e).__name__, e)
b = torch.tensor([[True, False, True], [False, False, True]])
t("bool", lambda: torch.diff(b)); t("bool0", lambda: torch.diff(b, dim=0)); t("bool n2", lambda: torch.diff(b, n=2))
t("bool prepend", lambda: torch.diff(b, prepend=torch.tensor([[True], [True]])))
t("bool prepend int", lambda: torch.diff(b, prepend=torch.tensor([[1], [0]])))
t("int prepend bool", lambda: torch.diff(b.long(), prepend=torch.tensor([[True], [True]])))
t("float prepend int", lambda: torch.diff(b.float(), prepend=torch.tensor([[1], [0]])))
t("0d", lambda: torch.diff(torch.tensor(1.0)))
t("n0", lambda: torch.diff(b.float(), n=0)); t("n-1", lambda: torch.diff(b.float(), n=-1))
t("n big", lambda: torch.diff(b.float(), n=5))
t("prepend 0d", lambda: torch.diff(b.float(), prepend=torch.tensor(1.0)))
t("prepend wrong", lambda: torch.diff(b.float(), prepend=torch.ones(3, 1)))
for f in ["trapezoid", "cumulative_trapezoid"]:
    fn = getattr(torch, f)
    y = torch.tensor([[1.0, 2.0, 4.0], [3.0, 5.0, 6.0]])
    t(f + " empty dim", lambda: fn(torch.zeros(2, 0)))
    t(f + " one", lambda: fn(torch.ones(2, 1)))
    t(f + " one x", lambda: fn(torch.ones(2, 1), torch.tensor([1.0])))
    t(f + " x", lambda: fn(y, torch.tensor([0.0, 1.0, 3.0])))
    t(f + " x dim0", lambda: fn(y, torch.tensor([0.0, 2.0]), dim=0))
    t(f + " x wrong", lambda: fn(y, torch.tensor([0.0, 2.0])))
    t(f + " x empty", lambda: fn(torch.zeros(2, 0), torch.zeros(0)))
    t(f + " dx", lambda: fn(y, dx=0.5)); t(f + " int", lambda: fn(torch.tensor([1, 2, 4])))
    t(f + " 0d", lambda: fn(torch.tensor(1.0)))
    t(f + " x2d", lambda: fn(y, torch.tensor([[0.0, 1.0, 3.0], [0.0, 2.0, 3.0]])))
    t(f + " bool", lambda: fn(torch.tensor([True, False, True])))
for e, tt in [(torch.tensor([True, False]), torch.tensor([True])), (torch.tensor([1, 2]), torch.tensor([True])), (torch.tensor([True]), torch.tensor([1])), (torch.tensor([True]), True), (torch.tensor([1.0, 2.0]), torch.tensor([1])), (torch.tensor([1, 2]), 2.0)]:
    t("isin", lambda: torch.isin(e, tt))

x = torch.tensor([[1.0, 2.0, 4.0]], requires_grad=True)
copied = torch.diff(x, n=0)
print(copied, copied is x, copied.grad_fn.name())
y = torch.ones(2, 3)
for points in (torch.tensor([[0.0, 1.0, 3.0]]), torch.tensor([[[0.0, 1.0, 3.0]]])):
    t("x of fewer dims", lambda: torch.trapezoid(y, points))
    t("x of fewer dims", lambda: torch.cumulative_trapezoid(y, points))
t("dx bool", lambda: torch.trapezoid(y, dx=True))
t("cumulative dx complex", lambda: torch.cumulative_trapezoid(y, dx=1j))
for groups in (1, 2):
    source = torch.arange(4.0).reshape(1, 2, 1, 2)
    shuffled = torch.nn.functional.channel_shuffle(source, groups)
    shuffled.add_(10)
    print("channel_shuffle", groups, source.flatten().tolist(), shuffled.flatten().tolist())
print(torch.tensor([[0.0, 1.0], [-1.0, 0.0]]).matrix_exp())
t("matrix_exp int", lambda: torch.ones(2, 2, dtype=torch.int64).matrix_exp())
