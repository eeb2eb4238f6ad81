"""Reading PyTorch's zip container: the records of a checkpoint, by name, checked.

torch.save writes one folder (``archive/`` or the file's stem) holding ``data.pkl``,
``data/<key>`` for each storage, ``version``, ``byteorder`` and a few bookkeeping records,
each stored uncompressed with its bytes aligned to 64. Files re-zipped by other tools may
hold deflated records and directory entries; both are read. Everything a damaged or crafted
archive could lie about is checked before it is used: record names (one top folder, no
``..``, no duplicates), the local header of each record against the central directory, that
records do not overlap, sizes against the file, deflate ratios, and CRC-32s."""
import mmap as _mmap
import struct
import zipfile
import zlib

import numpy as np

# PyTorch appends this to every error its zip reader (miniz) reports.
CORRUPT_HINT = (
    ". This is an internal miniz error. If you are seeing this error, there is a high "
    "likelihood that your checkpoint file is corrupted. This can happen if the checkpoint was "
    "not saved properly, was transferred incorrectly, or the file was modified after saving.")
MAX_SUPPORTED_VERSION = 10  # PyTorch 2.13's kMaxSupportedFileFormatVersion
MIN_SUPPORTED_VERSION = 1
_LOCAL_HEADER = struct.Struct("<4s5H3L2H")
_CHUNK = 1 << 24
_MAX_DEFLATE_RATIO = 1032  # deflate cannot expand its input by more than this


def _damaged(what):
    return RuntimeError(f"PytorchStreamReader {what}{CORRUPT_HINT}")


class _Record:
    __slots__ = ("name", "info", "data_start")

    def __init__(self, name, info, data_start):
        self.name, self.info, self.data_start = name, info, data_start


class ZipCheckpoint:
    """The records of one checkpoint archive, read from ``f`` (seekable, at the archive's
    first byte); ``mapped_path`` maps that file copy-on-write for ``torch.load(mmap=True)``."""

    def __init__(self, f, mapped_path=None):
        self._f = f
        try:
            archive = zipfile.ZipFile(f)
            infos = archive.infolist()
            directory_start = getattr(archive, "start_dir", None)
        except (zipfile.BadZipFile, EOFError, OSError, ValueError, struct.error) as exc:
            reason = str(exc)
            if reason in ("File is not a zip file", "") or isinstance(exc, EOFError):
                reason = "failed finding central directory"
            raise _damaged(f"failed reading zip archive: {reason}") from None
        self.prefix = _archive_prefix(infos)
        self._records = {}
        for info in infos:
            if info.filename.endswith("/") and info.file_size == 0:
                continue  # a directory entry, as written by zip tools
            name = _checked_name(info.filename, self.prefix)
            if name in self._records:
                raise _damaged(f"found the record {name} twice in the archive")
            self._records[name] = _Record(name, info, self._data_start(info, name))
        self._check_no_overlap(directory_start)
        self._mapped = None
        if mapped_path is not None:
            with open(mapped_path, "rb") as mapped_file:
                self._mapped = memoryview(
                    _mmap.mmap(mapped_file.fileno(), 0, access=_mmap.ACCESS_COPY))

    # ------------------------------------------------------------------ layout checks
    def _data_start(self, info, name):
        if info.flag_bits & 1:
            raise _damaged(f"failed reading file {name}: the record is encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise _damaged(f"failed reading file {name}: unsupported method "
                           f"{info.compress_type} (records are stored or deflated)")
        if info.compress_type == zipfile.ZIP_STORED and info.compress_size != info.file_size:
            raise _damaged(f"failed reading file {name}: its sizes disagree")
        if (info.compress_type == zipfile.ZIP_DEFLATED
                and info.file_size > info.compress_size * _MAX_DEFLATE_RATIO + 64):
            raise _damaged(f"failed reading file {name}: it claims {info.file_size} bytes "
                           f"from {info.compress_size} deflated bytes, more than deflate "
                           "can produce")
        self._f.seek(info.header_offset)
        header = self._f.read(_LOCAL_HEADER.size)
        if len(header) != _LOCAL_HEADER.size or header[:4] != b"PK\x03\x04":
            raise _damaged(f"failed reading file {name}: bad local file header")
        name_length, extra_length = _LOCAL_HEADER.unpack(header)[-2:]
        local_name = self._f.read(name_length)
        if local_name.decode("utf-8", "replace") != info.filename:
            raise _damaged(f"failed reading file {name}: its local header names "
                           f"{local_name!r}")
        return info.header_offset + _LOCAL_HEADER.size + name_length + extra_length

    def _check_no_overlap(self, directory_start):
        records = sorted(self._records.values(), key=lambda r: r.info.header_offset)
        end_of_file = self._f.seek(0, 2)
        limit = end_of_file if directory_start is None else min(directory_start, end_of_file)
        for record, following in zip(records, records[1:] + [None]):
            end = record.data_start + record.info.compress_size
            bound = limit if following is None else following.info.header_offset
            if end > bound:
                raise _damaged(f"failed reading file {record.name}: its data runs past "
                               + ("the end of the file" if end > end_of_file else
                                  "the start of the next record"))

    # ------------------------------------------------------------------ records
    def has_record(self, name):
        return name in self._records

    def names(self):
        return list(self._records)

    def _record(self, name):
        record = self._records.get(name)
        if record is None:
            raise _damaged(f"failed locating file {name}: file not found")
        return record

    def record_size(self, name):
        return self._record(name).info.file_size

    def get_record(self, name):
        """A small record's bytes (``data.pkl``, ``version``, ``byteorder``)."""
        return self.read_bytes(name).tobytes()

    def read_bytes(self, name):
        """A record's bytes as a new writable uint8 array, decompressed and CRC-checked."""
        record = self._record(name)
        info = record.info
        self._f.seek(record.data_start)
        if info.compress_type == zipfile.ZIP_STORED:
            out = np.empty(info.file_size, np.uint8)
            if _read_into(self._f, out) != info.file_size:
                raise _damaged(f"failed reading file {name}: file read failed")
        else:
            out = self._inflate(record)
        if info.CRC and zlib.crc32(out) != info.CRC:
            raise _damaged(f"failed reading file {name}: CRC-32 mismatch, the record's bytes "
                           "were changed")
        return out

    def map_bytes(self, name):
        """A record's bytes as a copy-on-write view of the mapped file (stored records only:
        a deflated record's bytes on disk are not its contents)."""
        record = self._record(name)
        if record.info.compress_type != zipfile.ZIP_STORED:
            raise RuntimeError(
                f"mmap=True cannot map the record {name}: it is stored deflated in the "
                "archive, so its bytes on disk are not the tensor data. Load without mmap "
                "(it is decompressed then), or save the checkpoint again with torch.save.")
        start = record.data_start
        # a memoryview per record: each storage is a block of its own (hookgrad.save writes
        # a storage as the whole block its tensors view, not the whole file)
        return np.frombuffer(self._mapped[start:start + record.info.file_size], np.uint8)

    def _inflate(self, record):
        info = record.info
        out = np.empty(info.file_size, np.uint8)
        inflater = zlib.decompressobj(-15)
        produced = 0
        remaining = info.compress_size
        try:
            while remaining:
                pending = self._f.read(min(_CHUNK, remaining))
                if not pending:
                    raise _damaged(f"failed reading file {record.name}: file read failed")
                remaining -= len(pending)
                while pending:
                    piece = inflater.decompress(pending, _CHUNK)
                    produced = _append(out, produced, piece, record.name)
                    pending = inflater.unconsumed_tail
            produced = _append(out, produced, inflater.flush(), record.name)
        except zlib.error as exc:
            raise _damaged(f"failed reading file {record.name}: {exc}") from None
        if produced != info.file_size or not inflater.eof:
            raise _damaged(f"failed reading file {record.name}: the deflated data ends "
                           "early")
        return out


def _append(out, produced, piece, name):
    end = produced + len(piece)
    if end > out.size:
        raise _damaged(f"failed reading file {name}: the deflated data is longer than the "
                       "record")
    out[produced:end] = np.frombuffer(piece, np.uint8)
    return end


def _read_into(f, out):
    """Fill ``out`` (uint8) from ``f``; the number of bytes read."""
    view = memoryview(out)
    total = 0
    readinto = getattr(f, "readinto", None)
    while total < out.size:
        if readinto is not None:
            count = readinto(view[total:total + _CHUNK])
        else:
            chunk = f.read(min(_CHUNK, out.size - total))
            count = len(chunk)
            view[total:total + count] = chunk
        if not count:
            break
        total += count
    return total


def _archive_prefix(infos):
    """The one top folder every record lives in (``archive`` or the saved file's stem)."""
    if not infos:
        raise _damaged("failed reading zip archive: the archive has no records")
    first = infos[0].filename
    if "/" not in first:
        raise RuntimeError(f"file in archive is not in a subdirectory: {first}")
    return first.split("/", 1)[0]


def _checked_name(full_name, prefix):
    """A record's name inside the top folder; refuses names that could mean another place."""
    if not full_name.startswith(prefix + "/"):
        raise RuntimeError(f"file in archive is not in a subdirectory {prefix}/: {full_name}")
    name = full_name[len(prefix) + 1:]
    parts = name.split("/")
    if (not name or "\\" in full_name or "\x00" in full_name or full_name.startswith("/")
            or any(part in ("", ".", "..") for part in parts)):
        raise RuntimeError(f"the checkpoint holds a record named {full_name!r}; record names "
                           "with empty, '.' or '..' parts, backslashes or NUL bytes are "
                           "refused")
    return name


def check_version(archive):
    """PyTorch's reader checks the archive's format version before anything else."""
    name = "version" if archive.has_record("version") else ".data/version"
    if not archive.has_record(name):
        raise RuntimeError('Expected hasRecord("version") to be true, but got false.  (Could '
                           "this error message be improved?  If so, please report an "
                           "enhancement request to PyTorch.)")
    text = archive.get_record(name).decode("latin-1")
    try:
        version = int(text.strip())
    except ValueError:
        raise RuntimeError(f"Couldn't parse the version {text} as Long Long.") from None
    if version < MIN_SUPPORTED_VERSION:
        raise RuntimeError(
            f"Attempted to read a PyTorch file with version {version}, but the minimum "
            f"supported version for reading is {MIN_SUPPORTED_VERSION}. Your PyTorch script "
            "module file is too old. Please regenerate it with latest version of PyTorch to "
            "mitigate this issue.")
    if version > MAX_SUPPORTED_VERSION:
        raise RuntimeError(
            f"Attempted to read a PyTorch file with version {version}, but the maximum "
            f"supported version for reading is {MAX_SUPPORTED_VERSION}. The version of your "
            "PyTorch installation may be too old, please upgrade PyTorch to latest version to "
            "mitigate this issue.")


def byteorder(archive):
    """'little' or 'big': the byte order the storages were written in."""
    if not archive.has_record("byteorder"):
        return "little"  # PyTorch's default for files without the record
    value = archive.get_record("byteorder")
    if value not in (b"little", b"big"):
        raise ValueError("Unknown endianness type: " + value.decode("utf-8", "replace"))
    return value.decode()
