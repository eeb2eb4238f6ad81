# torch.cov with frequency and analytic weights (fuzz table part 7: hookgrad refused them):
# PyTorch's weighted mean, its degrees of freedom with aweights and its corner cases, its
# checks in its order and messages, its warning every time the degrees of freedom are not
# positive (a TORCH_WARN, not once), bool input refused, the nodes of the result; one
# observation with one kind of weights zeroes the input itself (fuzz 902:2576, PyTorch's
# shortcut, an in-place write a leaf refuses), and complex rows lose their imaginary parts.
import warnings

import torch

x = torch.tensor([[1.0, 2.0, 4.0], [0.5, -1.0, 3.0]])
fw = torch.tensor([1, 2, 1]); aw = torch.tensor([0.5, 1.0, 2.0])
def t(label, f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = f(); print(label, r, r.grad_fn.name() if r.grad_fn else None, [n[0].name() for n in r.grad_fn.next_functions] if r.grad_fn else "")
        except Exception as e: print(label, type(e).__name__, e)
    for w in caught: print("  warn", w.category.__name__, w.message)
t("fw", lambda: torch.cov(x, fweights=fw)); t("aw", lambda: torch.cov(x, aweights=aw))
t("both c2", lambda: torch.cov(x, fweights=fw, aweights=aw, correction=2)); t("both c0", lambda: torch.cov(x, fweights=fw, aweights=aw, correction=0))
for kw in [dict(fweights=fw.float()), dict(aweights=fw), dict(fweights=torch.tensor([1,2])), dict(aweights=torch.tensor([[1.,2,3]])), dict(fweights=torch.tensor([-1,2,1])), dict(aweights=torch.zeros(3)), dict(aweights=torch.tensor([-1.,2,1])), dict(fweights=torch.tensor([True, True, False]))]:
    t(str(list(kw)), lambda: torch.cov(x, **kw))
xr = x.clone().requires_grad_(); awr = aw.clone().requires_grad_()
c = torch.cov(xr, aweights=awr); t("grad", lambda: c); c.sum().backward(); print(xr.grad, awr.grad)
t("unweighted", lambda: torch.cov(xr)); t("int", lambda: torch.cov(torch.tensor([[1, 2, 4], [3, 5, 9]])))
t("int fw", lambda: torch.cov(torch.tensor([[1, 2, 4], [3, 5, 9]]), fweights=fw))
t("dof", lambda: torch.cov(torch.tensor([[1.0, 2.0]]), fweights=torch.tensor([1, 0]), correction=1))
t("dof grad", lambda: torch.cov(torch.tensor([[1.0]]), aweights=torch.tensor([1.0], requires_grad=True), correction=1))
t("0d aw", lambda: torch.cov(torch.tensor([3.0]), aweights=torch.tensor(1.0, requires_grad=True), correction=0))
t("1d", lambda: torch.cov(torch.tensor([3.0, 1.0, 2.0]), aweights=aw))
t("bool", lambda: torch.cov(torch.tensor([True, False])))
t("dof unweighted", lambda: torch.cov(torch.tensor([[1.0]])))
t("empty", lambda: torch.cov(torch.zeros(2, 0), fweights=torch.zeros(0, dtype=torch.int64)))
t("corrcoef", lambda: torch.corrcoef(x))
for kw in [dict(fweights=torch.tensor([3])), dict(aweights=torch.tensor([3.0])), dict(fweights=torch.tensor([3]), aweights=torch.tensor([2.0])), dict(aweights=torch.tensor([3.0]), correction=0)]:
    one = torch.tensor([[1.5], [2.0]])
    t("one observation " + str(list(kw)), lambda: torch.cov(one, **kw)); print(one)
one = torch.tensor([[2], [5]])
t("one int observation", lambda: torch.cov(one, fweights=torch.tensor([2]))); print(one)
leaf = torch.tensor([[1.5]], requires_grad=True)
t("one observation, leaf", lambda: torch.cov(leaf, fweights=torch.tensor([2])))
leaf = torch.tensor([1.5], requires_grad=True)
t("one observation, leaf view", lambda: torch.cov(leaf, aweights=torch.tensor([2.0])))
z = torch.tensor([[1 + 2j, 3 - 1j]])
t("complex row", lambda: torch.cov(z)); t("complex weighted", lambda: torch.cov(z, aweights=torch.tensor([1.0, 2.0])))
