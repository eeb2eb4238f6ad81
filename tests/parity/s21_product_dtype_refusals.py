# The matrix products refuse mixed dtypes (and bool kernels) with PyTorch's messages, in its
# order: a float16 / bfloat16 operand is not widened before the check (it is named Half,
# c10::Half, BFloat16), bmm / baddbmm / addbmm / addmv refuse bool kernels where PyTorch's
# dispatch does, and matmul folds a batch-1 operand that requires grad under no_grad too (its
# view requires grad), so mm's message names the operands swapped.
import torch

F = torch.nn.functional
dtypes = [torch.float32, torch.float64, torch.int64, torch.float16, torch.bfloat16, torch.bool,
          torch.uint8]
shapes = {"1d1d": ((3,), (3,)), "2d1d": ((2, 3), (3,)), "1d2d": ((3,), (3, 2)),
          "2d2d": ((2, 3), (3, 2)), "3d3d": ((2, 2, 3), (2, 3, 2)), "3d2d": ((2, 2, 3), (3, 2)),
          "2d3d": ((2, 3), (2, 3, 2)), "1d3d": ((3,), (2, 3, 2))}


def ones(shape, dtype):
    return torch.ones(shape, dtype=dtype)


def run(label, f):
    try:
        print(label, "ok", f().dtype)
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0])


for a in dtypes:
    for b in dtypes:
        if a == b:
            continue
        for k, (s1, s2) in shapes.items():
            run(f"matmul {a} {b} {k}", lambda: torch.matmul(ones(s1, a), ones(s2, b)))
        run(f"mm {a} {b}", lambda: torch.mm(ones((2, 3), a), ones((3, 2), b)))
        run(f"bmm {a} {b}", lambda: torch.bmm(ones((2, 2, 3), a), ones((2, 3, 2), b)))
        run(f"mv {a} {b}", lambda: torch.mv(ones((2, 3), a), ones((3,), b)))
        run(f"addmm {a} {b}", lambda: torch.addmm(ones((2, 2), b), ones((2, 3), a),
                                                  ones((3, 2), a)))
        run(f"addmv {a} {b}", lambda: torch.addmv(ones((2,), a), ones((2, 3), a), ones((3,), b)))
        run(f"linear {a} {b}", lambda: F.linear(ones((2, 2, 3), a), ones((2, 3), b)))
        run(f"linear bias {a} {b}", lambda: F.linear(ones((2, 3), a), ones((2, 3), a),
                                                     ones((2,), b)))
        run(f"einsum {a} {b}", lambda: torch.einsum("bij,bjk->bik", ones((2, 2, 3), a),
                                                    ones((2, 3, 2), b)))
B, Fl, L = torch.bool, torch.float32, torch.int64
for combo in [(B, B, B), (B, B, Fl), (Fl, B, Fl), (Fl, B, B), (Fl, Fl, B), (B, Fl, Fl),
              (L, B, B), (B, B, L), (Fl, L, Fl), (torch.float16, torch.float16, Fl)]:
    x, y, z = [ones(s, d) for s, d in zip([(2, 2, 2), (2, 2, 3), (2, 3, 2)], combo)]
    run(f"baddbmm {combo}", lambda: torch.baddbmm(x, y, z))
    run(f"addbmm {combo}", lambda: torch.addbmm(x[0], y, z))
    run(f"addmv {combo}", lambda: torch.addmv(x[0, 0], y[0], z[0, :, 0]))
for s1 in [(1, 1, 3), (1, 2, 3), (2, 1, 3)]:
    for s2 in [(2, 3, 2), (1, 3, 2), (3, 3, 2)]:
        for grad_mode in (True, False):
            x = torch.ones(s1, requires_grad=True)
            y = torch.ones(s2, dtype=torch.int64)
            with torch.set_grad_enabled(grad_mode):
                run(f"batch-1 {s1} {s2} {grad_mode}", lambda: x @ y)
