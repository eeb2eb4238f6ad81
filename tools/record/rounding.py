"""Record tests/recorded/rounding.<ISA>.json with real PyTorch: every case of
tests/ops/rounding_cases.py, bit for bit, on this CPU's ISA (its vector loops leave other
tails to C's scalar functions on AVX-512 than on AVX2).

    python tools/record/rounding.py        # needs torch; rewrites this ISA's file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
import torch.nn.functional as F
from _recorded import save
from ops.rounding_cases import cases


def main():
    save("rounding", cases(torch, F), torch.__version__,
         torch.backends.cpu.get_cpu_capability())


if __name__ == "__main__":
    main()
