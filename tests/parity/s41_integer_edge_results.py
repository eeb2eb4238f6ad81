# Integer and bool inputs at the edges, as PyTorch 2.13 gives them (fuzz 48:18129, 48:13874,
# 48:2466): adaptive average pooling of an integer tensor refuses with its kernel's
# NotImplementedError, yet returns an empty result of the input's dtype when there is no
# element; trapezoid / trapz of no samples gives zeros of y's dtype (integer and bool too);
# clamp_ of a bool tensor with an int bound names the C++ type "bool".
import torch

F = torch.nn.functional


def run(label, make):
    try:
        out = make()
        print(label, out.dtype, tuple(out.shape), out.tolist())
    except Exception as error:
        print(label, type(error).__name__, error)


for dtype in (torch.int64, torch.int32, torch.uint8, torch.bool):
    run(f"adaptive_avg_pool1d {dtype}", lambda: F.adaptive_avg_pool1d(torch.ones(2, 4, dtype=dtype), 3))
    run(f"adaptive_avg_pool1d empty {dtype}",
        lambda: F.adaptive_avg_pool1d(torch.ones(0, 2, 4, dtype=dtype), 3))
    run(f"adaptive_avg_pool2d empty {dtype}",
        lambda: F.adaptive_avg_pool2d(torch.ones(0, 1, 2, 4, dtype=dtype), (3, 2)))
    run(f"adaptive_avg_pool2d to 1 {dtype}",
        lambda: F.adaptive_avg_pool2d(torch.ones(1, 2, 4, dtype=dtype), 1))
    empty = torch.zeros(2, 0, dtype=dtype)
    run(f"trapezoid {dtype}", lambda: torch.trapezoid(empty))
    run(f"trapezoid dx {dtype}", lambda: torch.trapezoid(empty, dx=2))
    run(f"trapezoid x {dtype}", lambda: torch.trapezoid(empty, torch.zeros(0)))
    run(f"trapz {dtype}", lambda: torch.trapz(empty))

flags = torch.tensor([True, False])
run("clamp_min_ bool int", lambda: flags.clone().clamp_min_(1))
run("clamp_max_ bool int", lambda: flags.clone().clamp_max_(0))
run("clamp_ bool int", lambda: flags.clone().clamp_(0, 1))
run("clamp_ bool bool", lambda: flags.clone().clamp_(False, True))
run("clamp_min_ bool tensor", lambda: flags.clone().clamp_min_(torch.tensor(1)))
run("clamp_min_ int float", lambda: torch.tensor([1, 2]).clamp_min_(1.5))
