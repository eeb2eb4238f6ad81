# add/sub/rsub check alpha against the result dtype (a bool alpha only for bool results, a
# float one not for integral results, a complex one only for complex results); addr checks
# beta then alpha; addmm/addmv/baddbmm/addbmm convert them to the dtype (a float truncated for
# integers; overflow errors).
import torch

dtypes = [torch.bool, torch.uint8, torch.int64, torch.float32]
for op in ["add", "sub", "rsub"]:
    for da in dtypes:
        for db in dtypes:
            for alpha in [0.5, 2, True, False, 1.0, 1j]:
                a, b = torch.ones(2, dtype=da), torch.ones(2, dtype=db)
                try:
                    print(op, da, db, alpha, getattr(torch, op)(a, b, alpha=alpha))
                except RuntimeError as e:
                    print(op, da, db, alpha, "raises", e)
for da in dtypes:
    for alpha in [0.5, True]:
        for call in ("add_", "sub_"):
            try:
                print(call, da, alpha, getattr(torch.ones(2, dtype=da), call)(1, alpha=alpha))
            except RuntimeError as e:
                print(call, da, alpha, "raises", e)
print(torch.add(torch.ones(2, dtype=torch.int64), torch.ones(3), alpha=0.5)
      if False else "shape error first:")
try:
    torch.add(torch.ones(2, dtype=torch.int64), torch.ones(3, dtype=torch.int64), alpha=0.5)
except RuntimeError as e:
    print(e)
m = torch.tensor([[1, 2], [3, 4]])
products = {
    "addmm": lambda d, **k: torch.addmm(m.to(d), m.to(d), m.to(d), **k),
    "addmv": lambda d, **k: torch.addmv(m[0].to(d), m.to(d), m[1].to(d), **k),
    "addr": lambda d, **k: torch.addr(m.to(d), m[0].to(d), m[1].to(d), **k),
    "baddbmm": lambda d, **k: torch.baddbmm(m[None].to(d), m[None].to(d), m[None].to(d), **k),
    "addbmm": lambda d, **k: torch.addbmm(m.to(d), m[None].to(d), m[None].to(d), **k),
}
for name, f in products.items():
    for d in [torch.int64, torch.float32, torch.bool, torch.uint8]:
        for k in [dict(alpha=0.5), dict(beta=0.5), dict(alpha=1.5, beta=2.5), dict(alpha=True),
                  dict(beta=False), dict(alpha=-1.5)]:
            try:
                print(name, d, k, f(d, **k))
            except (RuntimeError, NotImplementedError) as e:
                print(name, d, k, "raises", type(e).__name__, e)
