# Issue 11 (fuzz): the sign bit of the NaNs PyTorch makes, which signbit shows: sqrt and log
# of a negative give a NaN without it; a mean over nothing (mean, nanmean, the mean-reduced
# losses) gives 0 / 0's NaN with it; var and std over nothing give one without it (var_mean's
# mean too), var over one value with correction 1 gives 0 / 0's.
import torch

F = torch.nn.functional
t = torch.tensor([-float("inf"), -1e-30, -5.0, float("nan"), -float("nan"), 4.0, 0.0, -0.0])
for f in (torch.sqrt, torch.log, torch.log2, torch.log10):
    print(f.__name__, torch.signbit(f(t.double())), torch.signbit(f(t[:3])))
print(torch.signbit(torch.tensor([-1.0, -2.0]).sqrt_()), torch.signbit(torch.tensor(-2.0).log_()))
e = torch.zeros(0)
print(torch.signbit(e.mean()), torch.signbit(torch.zeros(0, 3).mean(0)),
      torch.signbit(torch.zeros(0, 3).nanmean(0)))
print(torch.signbit(F.mse_loss(e, e)), torch.signbit(F.l1_loss(e, e)),
      torch.signbit(F.smooth_l1_loss(e, e)), torch.signbit(F.soft_margin_loss(e, e)))
print(torch.signbit(torch.zeros(0, 3).std(0)), torch.signbit(torch.var_mean(e)[0]),
      torch.signbit(torch.var_mean(e)[1]), torch.signbit(torch.std(torch.zeros(2, 0), 1)))
print(torch.signbit(torch.var(torch.tensor([1.0]))), torch.signbit(torch.std(torch.ones(1, 2), 0)))
# nll_loss / cross_entropy: every target ignored (or weighing 0) is 0 / 0; no target at all
# is a NaN without sign bit
print(torch.signbit(F.nll_loss(torch.zeros(0, 3), torch.zeros(0, dtype=torch.long))),
      torch.signbit(F.nll_loss(torch.ones(1, 2), torch.tensor([0]), ignore_index=0)),
      torch.signbit(F.cross_entropy(torch.ones(2, 2), torch.tensor([0, 1]), weight=torch.zeros(2))),
      torch.signbit(F.cross_entropy(torch.zeros(0, 3), torch.zeros(0, dtype=torch.long))))
print(torch.ones(1, 2).copysign(F.nll_loss(torch.ones(1, 2), torch.tensor([0]), ignore_index=0)))
