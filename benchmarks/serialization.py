"""Checkpoint I/O: hookgrad.safetensors against the safetensors package, hookgrad.save/load
against torch.save/load.

    python benchmarks/serialization.py [--quick] [--repeats N]

Two state dicts: GPT-2 small's shapes (124M float32 parameters, 498 MB, 148 tensors) and
2,000 tensors of 256 floats. Files live in a temporary directory (the page cache, so this
times the libraries, not the disk). "load+touch" also sums every tensor, which a lazy,
memory-mapped load defers to first use. Cases run interleaved, in a rotating order; medians
(and minima) of the repeats.
The safetensors package and PyTorch are optional (their rows are skipped without them)."""
import argparse
import os
import statistics
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import hookgrad  # noqa: E402
import hookgrad.safetensors as hookgrad_safetensors  # noqa: E402


def gpt2_shapes():
    shapes = {"wte.weight": (50257, 768), "wpe.weight": (1024, 768)}
    for i in range(12):
        block = f"h.{i}."
        shapes.update({block + "ln_1.weight": (768,), block + "ln_1.bias": (768,),
                       block + "attn.c_attn.weight": (768, 2304),
                       block + "attn.c_attn.bias": (2304,),
                       block + "attn.c_proj.weight": (768, 768),
                       block + "attn.c_proj.bias": (768,),
                       block + "ln_2.weight": (768,), block + "ln_2.bias": (768,),
                       block + "mlp.c_fc.weight": (768, 3072), block + "mlp.c_fc.bias": (3072,),
                       block + "mlp.c_proj.weight": (3072, 768),
                       block + "mlp.c_proj.bias": (768,)})
    shapes.update({"ln_f.weight": (768,), "ln_f.bias": (768,)})
    return shapes


def arrays_for(shapes):
    rng = np.random.default_rng(0)
    return {k: rng.standard_normal(s, dtype=np.float32) for k, s in shapes.items()}


def touch(tensors):
    """Read every byte (hookgrad tensors and PyTorch tensors both have ``.numpy()``)."""
    return sum(float(t.numpy().sum()) for t in tensors.values())


def cases(arrays, folder):
    """name -> function, for one state dict."""
    tensors = {k: hookgrad.from_numpy(a) for k, a in arrays.items()}
    path = os.path.join(folder, "model.safetensors")
    hookgrad_safetensors.save_file(tensors, path)
    result = {
        "safetensors load: hookgrad": lambda: hookgrad_safetensors.load_file(path),
        "safetensors load+touch: hookgrad":
            lambda: touch(hookgrad_safetensors.load_file(path)),
        "safetensors save: hookgrad":
            lambda: hookgrad_safetensors.save_file(tensors, os.path.join(folder, "h.st")),
    }
    try:
        import safetensors.numpy as package
    except ImportError:
        package = None
    if package is not None:
        def package_load():
            return {k: hookgrad.from_numpy(a) for k, a in package.load_file(path).items()}
        result.update({
            "safetensors load: package (numpy) + from_numpy": package_load,
            "safetensors load+touch: package (numpy) + from_numpy":
                lambda: touch(package_load()),
            "safetensors save: package (numpy)":
                lambda: package.save_file(arrays, os.path.join(folder, "p.st")),
        })
    checkpoint = os.path.join(folder, "model.pt")
    hookgrad.save(tensors, checkpoint)
    result.update({
        "torch format load: hookgrad": lambda: hookgrad.load(checkpoint),
        "torch format load mmap+touch: hookgrad":
            lambda: touch(hookgrad.load(checkpoint, mmap=True)),
        "torch format save: hookgrad":
            lambda: hookgrad.save(tensors, os.path.join(folder, "h.pt")),
    })
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:
        torch_tensors = {k: torch.from_numpy(a) for k, a in arrays.items()}
        result.update({
            "torch format load: torch": lambda: torch.load(checkpoint),
            "torch format load mmap+touch: torch":
                lambda: touch(torch.load(checkpoint, mmap=True)),
            "torch format save: torch":
                lambda: torch.save(torch_tensors, os.path.join(folder, "t.pt")),
        })
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="3 repeats")
    args = parser.parse_args()
    repeats = 3 if args.quick else args.repeats
    models = {"GPT-2 small shapes (498 MB)": gpt2_shapes(),
              "2,000 x 256 floats (2 MB)": {f"t{i}": (256,) for i in range(2000)}}
    for title, shapes in models.items():
        with tempfile.TemporaryDirectory() as folder:
            table = cases(arrays_for(shapes), folder)
            times = {name: [] for name in table}
            for name in table:  # warm-up
                table[name]()
            names = list(table)
            for repeat in range(repeats):
                # rotate the order, so no case always follows the same one (the allocator
                # and page cache state left behind by the previous case moves timings)
                shift = repeat % len(names)
                for name in names[shift:] + names[:shift]:
                    start = time.perf_counter()
                    table[name]()
                    times[name].append(time.perf_counter() - start)
        print(f"\n{title}: median (min) of {repeats}")
        for name, values in times.items():
            print(f"  {name:<55} {statistics.median(values) * 1e3:9.1f} ms "
                  f"({min(values) * 1e3:.1f})")


if __name__ == "__main__":
    main()
