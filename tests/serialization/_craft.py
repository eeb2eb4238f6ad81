"""Hand-made checkpoints: pickles written opcode by opcode and zips built with ``zipfile``.

Used by the tests (no PyTorch needed) and by tools/make_checkpoints.py, which loads the
same bytes in PyTorch to record what PyTorch does with each (tests/recorded/
serialization_errors.json)."""
import io
import pickle
import struct
import zipfile

import numpy as np

P2 = b"\x80\x02"


def unicode(text):
    data = text.encode("utf-8")
    return b"X" + struct.pack("<I", len(data)) + data


def integer(value):
    if 0 <= value < 256:
        return b"K" + bytes([value])
    if -2 ** 31 <= value < 2 ** 31:
        return b"J" + struct.pack("<i", value)
    data = pickle.encode_long(value)
    return b"\x8a" + bytes([len(data)]) + data


def glob(module, name):
    return b"c" + f"{module}\n{name}\n".encode()


def tuple_of(*items):
    return b"(" + b"".join(items) + b"t"


def value(item):
    """Opcodes pushing a Python int, str, bool, None or tuple of those."""
    if item is None:
        return b"N"
    if item is True:
        return b"\x88"
    if item is False:
        return b"\x89"
    if isinstance(item, int):
        return integer(item)
    if isinstance(item, str):
        return unicode(item)
    if isinstance(item, tuple):
        return tuple_of(*(value(i) for i in item))
    raise TypeError(item)


def storage_id(storage_type="FloatStorage", key="0", location="cpu", numel=4,
               module="torch"):
    return tuple_of(unicode("storage"), glob(module, storage_type), value(key),
                    value(location), value(numel)) + b"Q"


def rebuild_v2(storage, offset, size, stride, requires_grad=False):
    """Opcodes calling torch._utils._rebuild_tensor_v2 (as torch.save writes a tensor)."""
    return (glob("torch._utils", "_rebuild_tensor_v2")
            + tuple_of(storage, value(offset), value(tuple(size)), value(tuple(stride)),
                       value(requires_grad), glob("collections", "OrderedDict") + b")R")
            + b"R")


def tensor_pickle(numel=4, offset=0, size=(4,), stride=(1,), storage_type="FloatStorage",
                  key="0", location="cpu", requires_grad=False):
    return P2 + rebuild_v2(storage_id(storage_type, key, location, numel), offset, size,
                           stride, requires_grad) + b"."


def zip_checkpoint(records, prefix="archive", compression=zipfile.ZIP_STORED,
                   version=b"3\n", byteorder=b"little"):
    """A checkpoint archive of ``records`` (name -> bytes, relative to the top folder)."""
    records = dict(records)
    if version is not None:
        records.setdefault("version", version)
    if byteorder is not None:
        records.setdefault("byteorder", byteorder)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=compression) as archive:
        for name, data in records.items():
            archive.writestr(f"{prefix}/{name}" if prefix is not None else name, data)
    return out.getvalue()


def float_record(count=4):
    return np.arange(count, dtype=np.float32).tobytes()


def checkpoint_with_tensor(record=None, **geometry):
    """A zip checkpoint of one float32 tensor over ``data/0`` (4 floats unless given)."""
    record = float_record() if record is None else record
    return zip_checkpoint({"data.pkl": tensor_pickle(**geometry), "data/0": record})


def rezip(data, compression=zipfile.ZIP_STORED, rename=None, drop=(), extra=None):
    """The records of a zip checkpoint written again (compressed, renamed, dropped, added)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=compression) as archive:
        for info in source.infolist():
            if info.filename in drop:
                continue
            name = (rename or {}).get(info.filename, info.filename)
            archive.writestr(name, source.read(info.filename))
        for name, payload in (extra or {}).items():
            archive.writestr(name, payload)
    return out.getvalue()


def malformed_cases():
    """name -> checkpoint bytes that a weights-only load must refuse (no side effects)."""
    one = storage_id(numel=4)
    cases = {
        # globals and calls
        "global_os_system": P2 + glob("os", "system") + tuple_of(value("true")) + b"R.",
        "global_posix_system": P2 + glob("posix", "system") + tuple_of(value("true")) + b"R.",
        "global_builtins_eval": P2 + glob("builtins", "eval") + tuple_of(value("1")) + b"R.",
        "global_py2_builtin_eval": P2 + glob("__builtin__", "eval") + tuple_of(value("1"))
        + b"R.",
        "global_getattr": P2 + glob("builtins", "getattr") + b".",
        "global_nn_module": P2 + glob("torch.nn.modules.linear", "Linear") + b")\x81.",
        "stack_global": P2 + value("os") + value("system") + b"\x93.",
        "inst": P2 + b"(" + value("true") + b"ios\nsystem\n.",
        "obj": P2 + b"(" + glob("os", "system") + value("true") + b"o.",
        "newobj_dict": P2 + b"}(t\x81.",
        "reduce_none": P2 + b"N)R.",
        "build_dict": P2 + b"}}b.",
        "append_to_dict": P2 + b"}Na.",
        "setitem_on_list": P2 + b"]NNs.",
        "persistent_id_str": P2 + value("a") + b"Q.",
        "persistent_id_module": P2 + tuple_of(value("module"), b"N", b"N") + b"Q.",
        "protocol_4_frame": b"\x80\x04\x95\x01\x00\x00\x00\x00\x00\x00\x00N.",
        "binbytes": P2 + b"C\x02ab.",
        "dup": P2 + b"N2.",
        "memoize": P2 + b"N\x94.",
        "ext1": P2 + b"\x82\x01.",
        "float_text": P2 + b"F1.5\n.",
        # hostile arguments to allowed calls
        "bytearray_huge": P2 + glob("builtins", "bytearray") + tuple_of(integer(10 ** 12))
        + b"R.",
        "tensor_huge": P2 + glob("torch", "Tensor") + tuple_of(integer(10 ** 12)) + b"R.",
        "encode_zlib": P2 + glob("_codecs", "encode") + tuple_of(value("x"),
                                                                  value("zlib_codec")) + b"R.",
        # malformed pickles
        "empty_stack_stop": P2 + b".",
        "mark_without_tuple": P2 + b"(.",
        "unknown_memo": P2 + b"h\x05.",
        "truncated_pickle": P2 + b"N",
        "truncated_string": P2 + b"X\xff\x00\x00\x00ab.",
        # persistent ids
        "persistent_id_short": P2 + tuple_of(value("storage")) + b"Q.",
        "persistent_id_int_type": P2 + tuple_of(value("storage"), integer(1), value("0"),
                                                value("cpu"), integer(1)) + b"Q.",
        "storage_key_path": P2 + rebuild_v2(storage_id(key="../0"), 0, (4,), (1,)) + b".",
        "storage_key_slash": P2 + rebuild_v2(storage_id(key="a/b"), 0, (4,), (1,)) + b".",
        "storage_numel_negative": P2 + rebuild_v2(storage_id(numel=-1), 0, (0,), (1,)) + b".",
        "rebuild_on_non_storage": P2 + rebuild_v2(b"N", 0, (4,), (1,)) + b".",
        "rebuild_wrong_arity": P2 + glob("torch._utils", "_rebuild_tensor_v2")
        + tuple_of(one) + b"R.",
        "tensor_state_data": P2 + glob("torch._tensor", "_rebuild_from_type_v2") + tuple_of(
            glob("torch._utils", "_rebuild_tensor_v2"), glob("torch", "Tensor"),
            tuple_of(one, value(0), value((4,)), value((1,)), value(False),
                     glob("collections", "OrderedDict") + b")R"),
            b"}" + value("_data") + b"Ns") + b"R.",
        "rebuild_from_type_other_function": P2 + glob("torch._tensor", "_rebuild_from_type_v2")
        + tuple_of(glob("torch", "Size"), glob("torch", "Tensor"), value((1,)), b"}")
        + b"R.",
    }
    return {name: zip_checkpoint({"data.pkl": pkl, "data/0": float_record()})
            for name, pkl in cases.items()}


def geometry_cases():
    """name -> checkpoint of one tensor whose offset, sizes or strides are out of bounds."""
    cases = {
        "offset_out_of_bounds": dict(offset=2, size=(4,), stride=(1,)),
        "stride_out_of_bounds": dict(size=(2,), stride=(4,)),
        "negative_stride": dict(offset=3, size=(4,), stride=(-1,)),
        "negative_size": dict(size=(-4,), stride=(1,)),
        "negative_offset": dict(offset=-1, size=(1,), stride=(1,)),
        "huge_size": dict(size=(2 ** 62,), stride=(1,)),
        "huge_offset": dict(offset=2 ** 62, size=(1,), stride=(1,)),
        "numel_overflow": dict(size=(2 ** 40, 2 ** 40), stride=(0, 0)),
        "stride_overflow": dict(size=(2, 2), stride=(2 ** 62, 2 ** 62)),
        "size_stride_lengths": dict(size=(2, 2), stride=(1,)),
        "record_too_short": dict(numel=8, size=(8,), stride=(1,)),
        "record_too_long": dict(numel=2, size=(2,), stride=(1,)),
    }
    return {name: checkpoint_with_tensor(**geometry) for name, geometry in cases.items()}


def archive_cases():
    """name -> damaged or crafted archive bytes (names, records, container)."""
    good = checkpoint_with_tensor()
    prefixed = {f"archive/{k}": v for k, v in
                {"data.pkl": tensor_pickle(), "data/0": float_record(), "version": b"3\n"}.items()}
    cases = {
        "truncated_half": good[:len(good) // 2],
        "truncated_end": good[:-10],
        "missing_data_record": rezip(good, drop={"archive/data/0"}),
        "missing_data_pkl": rezip(good, drop={"archive/data.pkl"}),
        "missing_version": rezip(good, drop={"archive/version"}),
        "version_too_new": zip_checkpoint({"data.pkl": tensor_pickle(),
                                           "data/0": float_record()}, version=b"99\n"),
        "version_not_a_number": zip_checkpoint({"data.pkl": tensor_pickle(),
                                                "data/0": float_record()}, version=b"abc\n"),
        "byteorder_unknown": zip_checkpoint({"data.pkl": tensor_pickle(),
                                             "data/0": float_record()}, byteorder=b"middle"),
        "mixed_top_folders": rezip(good, rename={"archive/data/0": "other/data/0"}),
        "no_top_folder": rezip(good, rename={n: n.split("/", 1)[1] for n in prefixed}),
        "dotdot_record_name": rezip(good, extra={"archive/../evil": b"x"}),
        "backslash_record_name": rezip(good, extra={"archive/data\\1": b"x"}),
        "bzip2_records": rezip(good, compression=zipfile.ZIP_BZIP2),
        "torchscript_archive": rezip(good, extra={"archive/constants.pkl": b""}),
    }
    return cases


def safetensors_file(header, data=b"", pad=True):
    """A safetensors file from a header (dict, or raw bytes) and its data bytes."""
    if isinstance(header, dict):
        import json
        header = json.dumps(header, separators=(",", ":")).encode()
    if pad:
        header += b" " * (-len(header) % 8)
    return struct.pack("<Q", len(header)) + header + data


def safetensors_cases():
    """name -> malformed safetensors bytes."""
    f32 = {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}
    return {
        "st_empty": b"",
        "st_short": b"\x01\x00",
        "st_header_too_large": struct.pack("<Q", 2 ** 40) + b"{}",
        "st_header_past_end": struct.pack("<Q", 100) + b"{}",
        "st_bad_json": safetensors_file(b"{x"),
        "st_not_an_object": safetensors_file(b"[]"),
        "st_unknown_dtype": safetensors_file({"a": dict(f32, dtype="F99")}, b"1234"),
        "st_size_mismatch": safetensors_file({"a": dict(f32, shape=[2])}, b"1234"),
        "st_hole": safetensors_file({"a": dict(f32, data_offsets=[4, 8])}, b"12345678"),
        "st_overlap": safetensors_file({"a": f32, "b": dict(f32, data_offsets=[2, 6])},
                                       b"12345678"),
        "st_past_end": safetensors_file({"a": dict(f32, shape=[2], data_offsets=[0, 8])},
                                        b"1234"),
        "st_extra_data": safetensors_file({"a": f32}, b"12345678"),
        "st_negative_shape": safetensors_file({"a": dict(f32, shape=[-1])}, b"1234"),
        "st_huge_shape": safetensors_file({"a": dict(f32, shape=[2 ** 40, 2 ** 40])}, b"1234"),
        "st_missing_field": safetensors_file({"a": {"dtype": "F32", "shape": [1]}}, b"1234"),
        "st_metadata_not_str": safetensors_file({"__metadata__": {"a": 1}}),
    }
