#!/usr/bin/env python3
"""Hostile .npz archives for tests/hostile/run.sh (standard library only).

make-archives.py liar PATH BYTES   a 300-byte archive whose zip64 directory
                                   claims a member of BYTES bytes
make-archives.py bomb PATH BYTES   a real deflated member of BYTES zero bytes
                                   (3 GiB fits in 3 MB)
"""
import struct
import sys
import zipfile
import zlib


def npy_header(descr, shape):
    dims = ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "")
    text = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    total = 10 + len(text) + 1
    text += " " * ((64 - total % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode()


def bomb(path, size):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("x.npy", "w", force_zip64=True) as member:
            member.write(npy_header("<f4", (size // 4,)))
            chunk = bytes(1 << 24)
            for _ in range(size // len(chunk)):
                member.write(chunk)


def liar(path, claimed):
    name = b"x.npy"
    data = npy_header("<f4", (4,)) + bytes(16)
    crc = zlib.crc32(data)
    extra = struct.pack("<HHQQ", 1, 16, claimed, claimed)  # zip64: sizes
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 0, 0, 0, crc, 0xFFFFFFFF, 0xFFFFFFFF,
                        len(name), len(extra)) + name + extra + data
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45, 45, 0, 0, 0, 0, crc, 0xFFFFFFFF,
                          0xFFFFFFFF, len(name), len(extra), 0, 0, 0, 0, 0) + name + extra
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local), 0)
    with open(path, "wb") as out:
        out.write(local + central + end)


if __name__ == "__main__":
    {"bomb": bomb, "liar": liar}[sys.argv[1]](sys.argv[2], int(sys.argv[3]))
