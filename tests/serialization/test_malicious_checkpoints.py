"""Crafted checkpoints are refused by weights-only loads with PyTorch's errors, and nothing
in them runs: each payload below leaves a trace (a file, a global, an import) when a full
load (weights_only=False, the control) runs it, and none under the default."""
import builtins
import io
import pickle
import re
import struct
import sys
import warnings
import zipfile

import numpy as np
import pytest

import hookgrad as torch
from tests import _recorded
from tests.serialization import _craft, _payloads
from tests.serialization._craft import P2, glob, tuple_of, unicode, value

ERRORS = _recorded.load("serialization_errors")


def load(data, **kwargs):
    return torch.load(io.BytesIO(data), **kwargs)


def pytorch_text(message):
    """PyTorch's message without the C++ source location its zip reader prefixes."""
    return re.sub(r"^\[enforce fail at [^\]]*\] \. ", "", message)


def error_of(data):
    with pytest.raises(BaseException) as error:
        load(data)
    return error.value


# ---------------------------------------------------------------- PyTorch's errors
@pytest.mark.parametrize("name", list(_craft.malformed_cases()))
def test_malformed_pickles_are_refused_as_pytorch_refuses_them(name):
    data = _craft.malformed_cases()[name]
    recorded = ERRORS[name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        error = error_of(data)
    assert [str(w.message) for w in caught] == recorded["warnings"]
    if recorded.get("error") == "UnpicklingError":
        assert type(error) is pickle.UnpicklingError
        assert str(error) == recorded["message"]
    elif name == "tensor_state_data":  # PyTorch sets t._data; hookgrad refuses
        assert isinstance(error, RuntimeError) and "'_data'" in str(error)
    else:
        # PyTorch fails inside its unpickler (IndexError, KeyError, MemoryError, ...) or
        # allocates what the file asks for; hookgrad refuses these as malformed
        assert type(error) is pickle.UnpicklingError, (name, error)
        assert str(error).startswith("Weights only load failed.")


@pytest.mark.parametrize("name", list(_craft.geometry_cases()))
def test_out_of_bounds_geometry_is_refused_with_pytorchs_error(name):
    error = error_of(_craft.geometry_cases()[name])
    assert type(error).__name__ == ERRORS[name]["error"] == "RuntimeError"
    assert str(error) == ERRORS[name]["message"]


@pytest.mark.parametrize("name", list(_craft.archive_cases()))
def test_damaged_archives_are_refused(name):
    error = error_of(_craft.archive_cases()[name])
    recorded = ERRORS[name]
    if name in ("dotdot_record_name", "backslash_record_name"):
        # PyTorch ignores records it does not look up; hookgrad refuses such names outright
        assert "loaded" in recorded
        assert isinstance(error, RuntimeError) and "record names" in str(error)
    elif name == "bzip2_records":
        assert isinstance(error, RuntimeError) and "unsupported method" in str(error)
    else:
        assert type(error).__name__ == recorded["error"]
        assert str(error) == pytorch_text(recorded["message"])


def test_malformed_legacy_checkpoints_are_refused():
    header = b"".join(pickle.dumps(v, protocol=2) for v in (
        0x1950a86a20f9469cfc6c, 1001, {"protocol_version": 1001}))
    evil = P2 + glob("os", "system") + tuple_of(value("true")) + b"R."
    with pytest.raises(pickle.UnpicklingError, match="GLOBAL os.system whose module os is"):
        load(header + evil)
    claims_too_much = (P2 + _craft.rebuild_v2(
        tuple_of(unicode("storage"), glob("torch", "FloatStorage"), value("1"), value("cpu"),
                 value(2 ** 40), b"N") + b"Q", 0, (4,), (1,)) + b".")
    with pytest.raises(RuntimeError, match="claims 4398046511104 bytes, more than the"):
        load(header + claims_too_much)
    with pytest.raises(RuntimeError, match="Invalid magic number; corrupt file"):
        load(pickle.dumps(12345, protocol=2) + header)


def test_record_sizes_are_checked_before_anything_is_allocated():
    huge = _craft.checkpoint_with_tensor(numel=2 ** 60, size=(4,), stride=(1,))
    with pytest.raises(RuntimeError, match="record size \\(16 bytes\\) does not match "
                       "expected size \\(4611686018427387904 bytes"):
        load(huge)


# ---------------------------------------------------------------- zip container damage
def _patched_central(data, name, **fields):
    """``data`` with the central directory entry of ``name`` changed (flag_bits,
    compress_size, file_size, crc, header_offset)."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    info = archive.getinfo(name)
    layout = {"flag_bits": (8, "<H"), "crc": (16, "<L"), "compress_size": (20, "<L"),
              "file_size": (24, "<L"), "header_offset": (42, "<L")}
    start = 0
    while True:  # find this entry's central header
        start = data.index(b"PK\x01\x02", start)
        name_length = struct.unpack("<H", data[start + 28:start + 30])[0]
        if data[start + 46:start + 46 + name_length] == info.filename.encode():
            break
        start += 4
    patched = bytearray(data)
    for field, new in fields.items():
        offset, fmt = layout[field]
        patched[start + offset:start + offset + struct.calcsize(fmt)] = struct.pack(fmt, new)
    return bytes(patched)


def test_a_changed_byte_in_a_record_fails_its_crc():
    data = bytearray(_craft.checkpoint_with_tensor())
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("archive/data/0")
    position = bytes(data).index(_craft.float_record(), info.header_offset)
    data[position + 5] ^= 0x40
    with pytest.raises(RuntimeError, match="failed reading file data/0: CRC-32 mismatch"):
        load(bytes(data))


def test_records_that_overlap_or_run_past_the_file_are_refused():
    data = _craft.checkpoint_with_tensor()
    with pytest.raises(RuntimeError, match="data/0: its data runs past"):
        load(_patched_central(data, "archive/data/0", compress_size=200, file_size=200))
    info = zipfile.ZipFile(io.BytesIO(data)).getinfo("archive/data.pkl")
    with pytest.raises(RuntimeError, match="its local header names"):
        load(_patched_central(data, "archive/data/0", header_offset=info.header_offset))


def test_encrypted_and_bomb_records_are_refused():
    data = _craft.checkpoint_with_tensor()
    with pytest.raises(RuntimeError, match="data/0: the record is encrypted"):
        load(_patched_central(data, "archive/data/0", flag_bits=1))
    deflated = _craft.rezip(data, compression=zipfile.ZIP_DEFLATED)
    info = zipfile.ZipFile(io.BytesIO(deflated)).getinfo("archive/data/0")
    with pytest.raises(RuntimeError, match="more than deflate can produce"):
        load(_patched_central(deflated, "archive/data/0",
                              file_size=info.compress_size * 2000))


def test_damaged_deflate_streams_are_errors_not_garbage():
    deflated = bytearray(_craft.rezip(_craft.checkpoint_with_tensor(),
                                      compression=zipfile.ZIP_DEFLATED))
    info = zipfile.ZipFile(io.BytesIO(bytes(deflated))).getinfo("archive/data/0")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    deflated[start:start + info.compress_size] = b"\xff" * info.compress_size
    with pytest.raises(RuntimeError, match="PytorchStreamReader failed reading file data/0"):
        load(bytes(deflated))


# ---------------------------------------------------------------- nothing runs
def _payloads_creating(path):
    """name -> pickle that creates ``path`` when a full unpickler runs it."""
    opener = glob("builtins", "open")
    arguments = value(str(path)) + value("w")
    return {
        "GLOBAL+REDUCE": P2 + opener + tuple_of(arguments) + b"R.",
        "STACK_GLOBAL+REDUCE": P2 + value("builtins") + value("open") + b"\x93"
        + tuple_of(arguments) + b"R.",
        "INST": P2 + b"(" + arguments + b"ibuiltins\nopen\n.",
        "OBJ": P2 + b"(" + opener + arguments + b"o.",
        "exec": P2 + glob("builtins", "exec") + tuple_of(value(
            f"open({str(path)!r}, 'w').close()")) + b"R.",
        "posix.system": P2 + glob("posix", "system") + tuple_of(value(f"touch '{path}'"))
        + b"R.",
    }


@pytest.mark.parametrize("kind", list(_payloads_creating("x")))
@pytest.mark.parametrize("legacy", [False, True])
def test_code_in_a_checkpoint_does_not_run(kind, legacy, tmp_path):
    target = tmp_path / "pwned"
    pkl = _payloads_creating(target)[kind]
    if legacy:
        data = b"".join(pickle.dumps(v, protocol=2) for v in (
            0x1950a86a20f9469cfc6c, 1001, {})) + pkl + pickle.dumps([], protocol=2)
    else:
        data = _craft.zip_checkpoint({"data.pkl": pkl})
    with pytest.raises(pickle.UnpicklingError, match="^Weights only load failed"):
        load(data)
    assert not target.exists()
    if kind != "posix.system":  # the control: a full load runs it, as PyTorch's does
        load(data, weights_only=False)
        assert target.exists()


def test_newobj_build_and_reduce_of_unlisted_classes_do_not_run():
    module = "tests.serialization._payloads"
    cases = {
        "NEWOBJ": P2 + glob(module, "Trap") + b")\x81.",
        "REDUCE": P2 + glob(module, "trap") + b")R.",
        "BUILD": P2 + glob(module, "Trap") + b")\x81}b.",
    }
    for name, pkl in cases.items():
        _payloads.TRACES.clear()
        data = _craft.zip_checkpoint({"data.pkl": pkl})
        with pytest.raises(pickle.UnpicklingError, match="GLOBAL tests.serialization."
                           "_payloads.(Trap|trap) was not an allowed global"):
            load(data)
        assert _payloads.TRACES == [], name
        load(data, weights_only=False)  # the control
        assert _payloads.TRACES, name


def test_naming_a_module_does_not_import_it():
    data = _craft.zip_checkpoint({"data.pkl": P2 + glob(
        "tests.serialization._never_imported", "anything") + b"."})
    with pytest.raises(pickle.UnpicklingError):
        load(data)
    assert "tests.serialization._never_imported" not in sys.modules
    assert not hasattr(builtins, "HOOKGRAD_TEST_IMPORTED")
    try:
        load(data, weights_only=False)  # the control: a full load imports it
        assert "tests.serialization._never_imported" in sys.modules
    finally:
        sys.modules.pop("tests.serialization._never_imported", None)
        builtins.__dict__.pop("HOOKGRAD_TEST_IMPORTED", None)


def test_an_ordered_dicts_state_cannot_change_its_class():
    pkl = (P2 + glob("collections", "OrderedDict") + b")R}" + value("__class__")
           + glob("collections", "Counter") + b"sb.")
    loaded = load(_craft.zip_checkpoint({"data.pkl": pkl}))
    assert type(loaded).__name__ == "OrderedDict"


def test_hostile_arguments_to_allowed_calls_are_refused_without_allocating():
    for name in ("bytearray_huge", "tensor_huge", "encode_zlib"):
        with pytest.raises(pickle.UnpicklingError, match="bad arguments in the checkpoint"):
            load(_craft.malformed_cases()[name])


def test_a_legitimate_checkpoint_still_loads_after_all_this():
    tensor = load(_craft.checkpoint_with_tensor())
    np.testing.assert_array_equal(tensor.numpy(), np.arange(4, dtype=np.float32))
