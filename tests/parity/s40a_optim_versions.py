# Pins the version counters PyTorch 2.13's Rprop, ASGD, Adafactor and LBFGS leave on the
# parameters and state tensors (one bump per in-place op: Rprop's step_size mul_ and clamp_,
# ASGD's parameter mul_ and add_), as autograd's saved-tensor checks see them (s40a).
import torch
for name, kw in [("Rprop", {}), ("ASGD", {"t0": 1}), ("Adafactor", {}), ("LBFGS", {})]:
    p = torch.tensor([[1.0, 2.0], [3.0, -1.0]], requires_grad=True)
    q = torch.tensor([0.5, -0.5], requires_grad=True)
    opt = getattr(torch.optim, name)([p, q], **kw)
    def closure():
        opt.zero_grad()
        l = (p ** 2).sum() + (q ** 4).sum()
        l.backward()
        return l
    for _ in range(3):
        opt.step(closure)
    st = opt.state[p]
    print(name, p._version, q._version, {k: v._version for k, v in st.items() if isinstance(v, torch.Tensor)})
