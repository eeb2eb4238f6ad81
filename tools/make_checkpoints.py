"""Make the checkpoint fixtures of tests/serialization with PyTorch, and record what PyTorch
does with hookgrad's files and with crafted ones. Needs PyTorch 2.13 and the safetensors
package; the tests need neither.

    python tools/make_checkpoints.py

Writes tests/serialization/fixtures/ (PyTorch-written checkpoints: an MLP, a CNN with
BatchNorm, a TransformerEncoder, a training bundle with optimizer and scheduler state in
both formats, every dtype, a whole pickled module, safetensors files; hookgrad-written files
and the PyTorch-written files of the same objects) and tests/recorded/serialization_*.json
(the models' outputs on fixed inputs, the next training step, what torch.load returns for
each hookgrad-written file with weights_only=True and with mmap=True, and torch.load's error
for each crafted checkpoint). PyTorch names legacy-format storages by memory address, so
the two *_legacy.pt fixtures change bytes (not contents) on every run."""
import io
import os
import re
import sys
import tempfile
import warnings
from collections import OrderedDict

import numpy as np
import safetensors.torch
import torch
from torch import nn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import hookgrad  # noqa: E402
from tests import _recorded  # noqa: E402
from tests.serialization import _craft, _objects  # noqa: E402
from tests.serialization._describe import describe_torch  # noqa: E402

FIXTURES = os.path.join(ROOT, "tests", "serialization", "fixtures")


def fixture(*parts):
    path = os.path.join(FIXTURES, *parts)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return path


def mlp():
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))


def cnn():
    return nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                         nn.MaxPool2d(2), nn.Conv2d(4, 8, 3), nn.BatchNorm2d(8), nn.ReLU(),
                         nn.Flatten(), nn.Linear(32, 3))


def transformer():
    layer = nn.TransformerEncoderLayer(16, 2, dim_feedforward=32, dropout=0.0,
                                       batch_first=True)
    return nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)


def models(cases):
    torch.manual_seed(0)
    generator = np.random.default_rng(0)

    def array(*shape):
        return torch.tensor(generator.standard_normal(shape, dtype=np.float32))

    model = mlp().eval()
    x = array(5, 8)
    torch.save(model.state_dict(), fixture("mlp.pt"))
    safetensors.torch.save_file(model.state_dict(), fixture("mlp.safetensors"),
                                metadata={"format": "pt", "note": "written by safetensors"})
    torch.save(model, fixture("whole_module.pt"))
    cases["mlp"] = {"input": x, "output": model(x)}

    model = cnn()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):  # move the BatchNorm running statistics away from their defaults
        optimizer.zero_grad()
        model(array(6, 1, 8, 8)).square().mean().backward()
        optimizer.step()
    model.eval()
    x = array(2, 1, 8, 8)
    torch.save(model.state_dict(), fixture("cnn_batchnorm.pt"))
    cases["cnn_batchnorm"] = {"input": x, "output": model(x)}

    model = transformer().eval()
    x = array(2, 5, 16)
    torch.save(model.state_dict(), fixture("transformer.pt"))
    cases["transformer"] = {"input": x, "output": model(x)}


def training_bundle(cases):
    """Adam and StepLR after three steps, saved as a training checkpoint; then one more
    step, recorded, which a hookgrad run resumed from the checkpoint must reproduce."""
    torch.manual_seed(1)
    generator = np.random.default_rng(1)
    model = mlp()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
    x = torch.tensor(generator.standard_normal((5, 8), dtype=np.float32))
    y = torch.tensor(generator.standard_normal((5, 4), dtype=np.float32))

    def step():
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        return loss.item()

    for _ in range(3):
        loss = step()
    bundle = {"epoch": 3, "model": model.state_dict(), "optimizer": optimizer.state_dict(),
              "scheduler": scheduler.state_dict(), "loss": loss}
    torch.save(bundle, fixture("training_bundle.pt"))
    torch.save(bundle, fixture("training_bundle_legacy.pt"),
               _use_new_zipfile_serialization=False)
    next_loss = step()
    cases["training_bundle"] = {
        "x": x, "y": y, "loss": loss, "next_loss": next_loss,
        "next_lr": optimizer.param_groups[0]["lr"],
        "next_state_dict": {k: v for k, v in model.state_dict().items()},
    }


def every_dtype():
    base = torch.arange(24, dtype=torch.float32).reshape(4, 6) / 8 - 1
    values = OrderedDict()
    for dtype in (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64,
                  torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool,
                  torch.uint16, torch.uint32):
        name = str(dtype).split(".")[1]
        if dtype == torch.bool:
            values[name] = torch.tensor([[True, False, True], [False, False, True]])
        elif dtype.is_floating_point:
            values[name] = (torch.arange(6).reshape(2, 3) / 3 - 0.5).to(dtype)
        elif dtype in (torch.uint8, torch.uint16, torch.uint32):
            values[name] = (torch.arange(6).reshape(2, 3) * 40 + 3).to(dtype)
        else:
            values[name] = (torch.arange(6).reshape(2, 3) * 23 - 60).to(dtype)
    values.update({
        "bfloat16_view": values["bfloat16"][1], "uint16_view": values["uint16"].t(),
        "scalar": torch.tensor(2.5), "empty": torch.zeros(0, 2, dtype=torch.int64),
        "base": base, "row": base[2], "column": base[:, 3], "block": base[1:3, 1:4],
        "transposed": base.t(), "expanded": torch.tensor([[1.0], [2.0]]).expand(2, 3),
        "negated_view": torch._neg_view(torch.tensor([1.0, -2.0])),
        "parameter": nn.Parameter(torch.ones(2, 2)),
        "frozen_parameter": nn.Parameter(torch.zeros(3), requires_grad=False),
        "requires_grad": torch.ones(2).requires_grad_(),
        "nested": {"list": [torch.tensor([1, 2]), 3, "text", None, 2.5],
                   "tuple": (torch.tensor(True), b"bytes", {1, 2}),
                   "size": torch.Size([3, 4]), "dtype": torch.bfloat16, "device":
                   torch.device("cpu")},
    })
    torch.save(values, fixture("every_dtype.pt"))
    torch.save(values, fixture("every_dtype_legacy.pt"), _use_new_zipfile_serialization=False)
    tensors = {k: v.contiguous() for k, v in values.items()
               if isinstance(v, torch.Tensor) and k in (
                   "float32", "float64", "float16", "bfloat16", "int64", "int32", "int16",
                   "int8", "uint8", "bool", "uint16", "uint32", "scalar", "empty")}
    safetensors.torch.save_file(tensors, fixture("every_dtype.safetensors"))
    for name, tensor in (("complex64", torch.ones(2, dtype=torch.complex64)),
                         ("uint64", torch.ones(2, dtype=torch.uint64)),
                         ("float8_e4m3fn", torch.ones(2, dtype=torch.float8_e4m3fn))):
        torch.save({"tensor": tensor}, fixture("unsupported", f"{name}.pt"))
    return values


def describe(obj, storages):
    return describe_torch(obj, storages, torch)


def hookgrad_files(cases):
    """hookgrad.save's files of _objects, PyTorch's files of the same objects (both saved to
    buffers: top folder "archive"), and what torch.load returns for hookgrad's
    (weights_only=True; with mmap=True too)."""
    built_hookgrad, built_torch = _objects.build(hookgrad), _objects.build(torch)
    for name in _objects.OBJECTS:
        buffer = io.BytesIO()
        torch.save(built_torch[name], buffer)
        with open(fixture("torch_written", f"{name}.pt"), "wb") as f:
            f.write(buffer.getvalue())
        for legacy in (False, True):
            file_name = f"{name}{'_legacy' if legacy else ''}.pt"
            buffer = io.BytesIO()
            hookgrad.save(built_hookgrad[name], buffer,
                          _use_new_zipfile_serialization=not legacy)
            path = fixture("hookgrad_written", file_name)
            with open(path, "wb") as f:
                f.write(buffer.getvalue())
            loaded = {"weights_only": describe(torch.load(path, weights_only=True), {})}
            if not legacy:
                loaded["mmap"] = describe(torch.load(path, weights_only=True, mmap=True), {})
            cases[file_name] = loaded


def torch_outcome(data, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = torch.load(io.BytesIO(data), **kwargs)
        except BaseException as exc:  # noqa: BLE001  (recording whatever PyTorch raises)
            # (object addresses in the text change from run to run)
            outcome = {"error": type(exc).__name__,
                       "message": re.sub(r" at 0x[0-9a-f]+", " at 0x...", str(exc))}
        else:
            outcome = {"loaded": describe(result, {})}
    outcome["warnings"] = [str(w.message) for w in caught
                           if "TypedStorage is deprecated" not in str(w.message)]
    return outcome


def crafted(cases):
    for group in (_craft.malformed_cases(), _craft.geometry_cases(), _craft.archive_cases()):
        for name, data in group.items():
            cases[name] = torch_outcome(data, weights_only=True)
    with open(fixture("mlp.pt"), "rb") as f:
        checkpoint = f.read()
    cases["deflated_records"] = torch_outcome(
        _craft.rezip(checkpoint, compression=_craft.zipfile.ZIP_DEFLATED), weights_only=True)
    for location in ("cuda", "cuda:1", "meta", "xla:0", "bogus"):
        cases[f"map_location_{location}"] = torch_outcome(checkpoint, map_location=location)
    cases["map_location_dict_to_cuda"] = torch_outcome(checkpoint,
                                                       map_location={"cpu": "cuda:0"})
    cases["pickle_protocol_3"] = torch_outcome(
        _craft.zip_checkpoint({"data.pkl": b"\x80\x03N."}), weights_only=True)
    cases["empty_file"] = torch_outcome(b"", weights_only=True)
    cases["unsafe_globals_of_whole_module"] = sorted(
        torch.serialization.get_unsafe_globals_in_checkpoint(fixture("whole_module.pt")))
    with tempfile.TemporaryDirectory() as folder:
        legacy = os.path.join(folder, "legacy.pt")
        torch.save({"a": torch.ones(1)}, legacy, _use_new_zipfile_serialization=False)
        for name, call in (
                ("mmap_of_buffer", lambda: torch.load(io.BytesIO(checkpoint), mmap=True)),
                ("mmap_of_legacy_file", lambda: torch.load(legacy, mmap=True)),
                ("safetensors_dict_map_location",
                 lambda: torch.load(fixture("mlp.safetensors"), map_location={})),
                ("safetensors_callable_map_location",
                 lambda: torch.load(fixture("mlp.safetensors"), map_location=print))):
            try:
                call()
                cases[name] = {"loaded": True}
            except BaseException as exc:  # noqa: BLE001
                cases[name] = {"error": type(exc).__name__,
                               "message": str(exc).replace(legacy, "<path>")}


def safetensors_outcomes(cases):
    """What the safetensors package says about malformed files and refused saves."""
    for name, data in _craft.safetensors_cases().items():
        try:
            safetensors.torch.load(data)
            cases[name] = {"loaded": True}
        except BaseException as exc:  # noqa: BLE001
            cases[name] = {"error": type(exc).__name__, "message": str(exc)}
    shared = torch.ones(4)
    for name, call in (
            ("st_save_shared", lambda: safetensors.torch.save({"a": shared, "b": shared[:2]})),
            ("st_save_noncontiguous", lambda: safetensors.torch.save({"t": torch.ones(2, 3).t()})),
            ("st_save_not_a_dict", lambda: safetensors.torch.save([shared])),
            ("st_save_not_a_tensor", lambda: safetensors.torch.save({"a": 1})),
            ("st_save_metadata_not_str", lambda: safetensors.torch.save({"a": shared},
                                                                         metadata={"k": 1}))):
        try:
            call()
            cases[name] = {"saved": True}
        except BaseException as exc:  # noqa: BLE001
            cases[name] = {"error": type(exc).__name__, "message": str(exc)}


def main():
    model_cases, hookgrad_cases, error_cases = {}, {}, {}
    models(model_cases)
    training_bundle(model_cases)
    model_cases["every_dtype"] = describe(every_dtype(), {})
    hookgrad_files(hookgrad_cases)
    crafted(error_cases)
    safetensors_outcomes(error_cases)
    _recorded.save("serialization_models", model_cases, torch.__version__)
    _recorded.save("serialization_hookgrad_in_torch", hookgrad_cases, torch.__version__)
    _recorded.save("serialization_errors", error_cases, torch.__version__)
    print(f"fixtures in {FIXTURES}; recorded {len(model_cases)} + {len(hookgrad_cases)} + "
          f"{len(error_cases)} cases")


if __name__ == "__main__":
    main()
