"""Record tests/recorded/thin_modules.json with real PyTorch: every case of
tests/nn/thin_module_cases.py (inputs from a seeded NumPy generator; the output, the input
gradients for a recorded output gradient, and the module's repr), and max_unpool1d/2d.

    python tools/record/thin_modules.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import numpy as np
import torch
from _recorded import save
from nn.thin_module_cases import CASES

nn = torch.nn


def record(module, arrays, rng):
    inputs = [torch.tensor(a, requires_grad=True) for a in arrays]
    out = module(*inputs)
    grad_out = rng.standard_normal(tuple(out.shape)).astype(np.float32)
    grads = torch.autograd.grad(out, inputs, torch.tensor(grad_out))
    return {"repr": repr(module), "inputs": arrays, "output": out.detach().numpy(),
            "grad_output": grad_out, "grads": [g.numpy() for g in grads]}


def main():
    rng = np.random.default_rng(2026)
    cases = {}
    for name, source, shapes in CASES:
        arrays = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        cases[name] = record(eval(source), arrays, rng)
    for dims, shape, kwargs in ((1, (2, 3, 8), {"kernel_size": 2}),
                                (2, (1, 2, 5, 6), {"kernel_size": (2, 3), "stride": 2})):
        x = rng.standard_normal(shape).astype(np.float32)
        pool = getattr(nn.functional, f"max_pool{dims}d")
        pooled, indices = pool(torch.tensor(x), return_indices=True, **kwargs)
        unpool = getattr(nn, f"MaxUnpool{dims}d")(**kwargs)
        source = pooled.detach().numpy()
        inputs = torch.tensor(source, requires_grad=True)
        out = unpool(inputs, indices, output_size=shape[2:])
        grad_out = rng.standard_normal(tuple(out.shape)).astype(np.float32)
        (grad,) = torch.autograd.grad(out, inputs, torch.tensor(grad_out))
        cases[f"max_unpool{dims}d"] = {"repr": repr(unpool), "input": source,
                                       "indices": indices.numpy(), "output_size": list(shape),
                                       "output": out.detach().numpy(), "grad_output": grad_out,
                                       "grad": grad.numpy()}
    save("thin_modules", cases, torch.__version__)


if __name__ == "__main__":
    main()
