# In-place products (addmm_, addmv_, baddbmm_, addr_) run autograd's checks before their shape
# checks, as PyTorch's VariableType: a multi-output view written with an input that requires
# grad is refused as such even when the shapes do not match (fuzz 54:11452).
import torch
v2 = torch.ones(2, 2, 2, dtype=torch.float64)
v3 = list(v2)
m = torch.zeros((0, 3), dtype=torch.float64).requires_grad_()
w = torch.ones(3, 1, dtype=torch.float64)
for name, fn in [("addmm_", lambda: v3[0].addmm_(m, w)), ("addmv_", lambda: v3[0][0].addmv_(m, w[:, 0])),
                 ("baddbmm_", lambda: v2.unbind(1)[0].unsqueeze(0).baddbmm_(m.unsqueeze(0), w.unsqueeze(0))),
                 ("addr_", lambda: v3[0].addr_(m[0:0, 0], w[:, 0])), ("ok shape", lambda: v3[0].addmm_(torch.ones(2, 3, dtype=torch.float64, requires_grad=True), torch.ones(3, 2, dtype=torch.float64)))]:
    try:
        fn(); print(name, "worked")
    except Exception as e: print(name, type(e).__name__, e)
leaf = torch.ones(2, 2, requires_grad=True)
try: leaf.addmm_(torch.ones(3, 3), torch.ones(3, 3))
except Exception as e: print("leaf", e)
with torch.no_grad():
    nv = torch.ones(2, 2, requires_grad=True).clone()[0:1]
nv2 = torch.ones(2, 2)
try: nv2.addmm_(torch.ones(3, 3, requires_grad=True), torch.ones(3, 3))
except Exception as e: print("plain", e)
