"""Write tests/serialization/fixtures/complex/: complex64 / complex128 tensors saved by real
PyTorch (zip and legacy torch.save, and safetensors, which has complex64 only), which
tests/serialization/test_complex_checkpoints.py loads with hookgrad.

    python tools/record/complex_checkpoints.py        # needs torch and safetensors"""
import math

import _paths
import safetensors.torch
import torch

FOLDER = _paths.ROOT / "tests" / "serialization" / "fixtures" / "complex"


def values():
    c64 = torch.tensor([1 + 2j, -0.5j, complex(math.nan, math.inf)], dtype=torch.complex64)
    c128 = torch.tensor([[1e10 + 1j], [2 - 3j]], dtype=torch.complex128)
    shared = torch.tensor([1 + 1j, 2 + 2j, 3 + 3j])
    return {"c64": c64, "c128": c128, "shared": shared, "tail": shared[1:],
            "real": torch.ones(2), "dtype": torch.complex128}


def main():
    FOLDER.mkdir(parents=True, exist_ok=True)
    torch.save(values(), FOLDER / "tensors.pt")
    torch.save(values(), FOLDER / "tensors_legacy.pt", _use_new_zipfile_serialization=False)
    safetensors.torch.save_file({"c64": values()["c64"], "real": torch.ones(2)},
                                FOLDER / "tensors.safetensors")


if __name__ == "__main__":
    main()
