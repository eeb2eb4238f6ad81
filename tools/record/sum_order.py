"""Record tests/recorded/sum_order.<ISA>.json with real PyTorch: every case of
tests/ops/sum_order_cases.py, bit for bit, with PyTorch on the cases' thread count.

    python tools/record/sum_order.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from ops.sum_order_cases import THREADS, cases


def main():
    torch.set_num_threads(THREADS)
    save("sum_order", cases(torch), torch.__version__,
         torch.backends.cpu.get_cpu_capability())


if __name__ == "__main__":
    main()
