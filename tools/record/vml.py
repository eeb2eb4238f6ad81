"""Record tests/recorded/vml.<ISA>.json with real PyTorch: the outputs of the vector-math
functions of tests/ops/vml_cases.py, bit for bit.

    python tools/record/vml.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from ops.vml_cases import cases


def main():
    save("vml", cases(torch), torch.__version__,
         torch.backends.cpu.get_cpu_capability())


if __name__ == "__main__":
    main()
