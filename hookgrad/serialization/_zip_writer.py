"""Writing PyTorch's zip container, laid out as PyTorch's own writer lays it out.

Every record is stored (no compression) under one top folder, its bytes starting at a
multiple of 64 (the local header's extra field is padded with an ``FB`` field of ``Z``s),
its CRC-32 and sizes in a data descriptor after the bytes, so nothing is ever written twice
and the output may be a pipe. ZIP64 fields are used where a size or offset needs them. For
the same records the bytes are those torch.save writes."""
import struct
import zlib

ALIGNMENT = 64  # PyTorch 2.13 writes ".storage_alignment" = 64
ZIP64_LIMIT = 0xFFFFFFFF  # sizes and offsets at or above this need ZIP64 fields
_UTF8_NAMES = 0x0800
_DESCRIPTOR = 0x0008      # sizes and CRC in a data descriptor after the bytes
_CHUNK = 1 << 24


class CheckpointZipWriter:
    """Append records to ``f`` under ``archive_name/``, then ``close()`` writes the directory."""

    def __init__(self, f, archive_name):
        self._f = f
        self._archive = archive_name
        self._offset = 0
        self._entries = []  # (name bytes, crc, size, header offset)

    def _write(self, data):
        self._f.write(data)
        self._offset += len(data)

    def write_record(self, name, data):
        """Write one record (bytes or a C-contiguous uint8 buffer); returns its CRC-32."""
        full_name = f"{self._archive}/{name}".encode()
        view = memoryview(data).cast("B")
        size = view.nbytes
        header_offset = self._offset
        large_size = size >= ZIP64_LIMIT
        large_offset = header_offset >= ZIP64_LIMIT
        zip64 = large_size or large_offset
        fields = ([size, size] if large_size else []) + ([header_offset] if large_offset else [])
        zip64_extra = (struct.pack(f"<HH{len(fields)}Q", 1, 8 * len(fields), *fields)
                       if fields else b"")
        # as PyTorch's writer: an "FB" field of "Z"s (always present) moves the data to the
        # next multiple of ALIGNMENT
        before_data = header_offset + 30 + len(full_name) + len(zip64_extra) + 4
        padding = -before_data % ALIGNMENT
        extra = zip64_extra + b"FB" + struct.pack("<H", padding) + b"Z" * padding
        sizes = 0xFFFFFFFF if large_size else 0
        flags = _UTF8_NAMES | (_DESCRIPTOR if size else 0)  # as PyTorch's writer (miniz)
        self._write(struct.pack("<4s5H3L2H", b"PK\x03\x04", 45 if zip64 else 0, flags, 0, 0,
                                0, 0, sizes, sizes, len(full_name), len(extra)))
        self._write(full_name)
        self._write(extra)
        crc = 0
        for start in range(0, size, _CHUNK):
            chunk = view[start:start + _CHUNK]
            crc = zlib.crc32(chunk, crc)
            self._write(chunk)
        if size and zip64:
            self._write(struct.pack("<4sLQQ", b"PK\x07\x08", crc, size, size))
        elif size:
            self._write(struct.pack("<4sLLL", b"PK\x07\x08", crc, size, size))
        self._entries.append((full_name, crc, size, header_offset, flags))
        return crc

    def close(self):
        directory_start = self._offset
        for full_name, crc, size, header_offset, flags in self._entries:
            zip64_fields = []
            if size >= ZIP64_LIMIT:
                zip64_fields += [size, size]
            if header_offset >= ZIP64_LIMIT:
                zip64_fields.append(header_offset)
            extra = (struct.pack(f"<HH{len(zip64_fields)}Q", 1, 8 * len(zip64_fields),
                                 *zip64_fields) if zip64_fields else b"")
            small_size = 0xFFFFFFFF if size >= ZIP64_LIMIT else size
            small_offset = 0xFFFFFFFF if header_offset >= ZIP64_LIMIT else header_offset
            version = 45 if zip64_fields else 0
            self._write(struct.pack("<4s6H3L5H2L", b"PK\x01\x02", version, version, flags, 0,
                                    0, 0, crc, small_size, small_size, len(full_name),
                                    len(extra), 0, 0, 0, 0, small_offset))
            self._write(full_name)
            self._write(extra)
        directory_size = self._offset - directory_start
        count = len(self._entries)
        # PyTorch's writer always adds the ZIP64 end records (made by 0x031e: "3.0, Unix")
        zip64_end = self._offset
        self._write(struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 0x031E, 45, 0, 0, count, count,
                                directory_size, directory_start))
        self._write(struct.pack("<4sLQL", b"PK\x06\x07", 0, zip64_end, 1))
        count = min(count, 0xFFFF)
        directory_size = min(directory_size, 0xFFFFFFFF)
        directory_start = min(directory_start, 0xFFFFFFFF)
        self._write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, directory_size,
                                directory_start, 0))
