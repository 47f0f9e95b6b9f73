#!/usr/bin/env python3
"""Writes the PNG fixtures of the decoder's tests with Python's own zlib, and filters written here
from the PNG specification, independent of the Swift code. The pixel formulas are repeated in
PNGDecoderTests.swift. Run from this folder: python3 make-fixtures.py"""
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(rows, bpp):
    """Each row with filter type (row number mod 5): all five of PNG's filters are used."""
    out = bytearray()
    previous = bytes(len(rows[0]))
    for y, row in enumerate(rows):
        kind = y % 5
        out.append(kind)
        for i, value in enumerate(row):
            left = row[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            predicted = [0, left, up, (left + up) // 2, paeth(left, up, corner)][kind]
            out.append((value - predicted) & 0xFF)
        previous = row
    return bytes(out)


def png(width, height, depth, color, rows, bpp, extra=b"", idat_pieces=1, interlace=0, data=None):
    header = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace)
    compressed = zlib.compress(data if data is not None else filtered(rows, bpp), 9)
    size = (len(compressed) + idat_pieces - 1) // idat_pieces
    idats = b"".join(chunk(b"IDAT", compressed[k:k + size]) for k in range(0, len(compressed), size))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + idats + chunk(b"IEND", b"")


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


# RGB, 37 x 23, in three IDAT chunks.
rows = [bytes(v for x in range(37) for v in ((x * 7 + y * 3) & 255, (x * y) & 255, (255 - x * 5) & 255)) for y in range(23)]
write("rgb8.png", png(37, 23, 8, 2, rows, 3, idat_pieces=3))
# RGBA, 19 x 11.
rows = [bytes(v for x in range(19) for v in ((x * 11) & 255, (y * 17) & 255, (x + y) & 255, (x * 13 + y) & 255)) for y in range(11)]
write("rgba8.png", png(19, 11, 8, 6, rows, 4))
# Grey, 10 x 10.
rows = [bytes((x * 25 + y) & 255 for x in range(10)) for y in range(10)]
write("gray8.png", png(10, 10, 8, 0, rows, 1))
# Indexed, 4 bits, 13 x 7: 16 colours, index 0 transparent.
palette = b"".join(bytes([i * 16, 255 - i * 16, i * 8]) for i in range(16))


def packed(indexes, depth):
    out = bytearray()
    per = 8 // depth
    for k in range(0, len(indexes), per):
        byte = 0
        for j, index in enumerate(indexes[k:k + per]):
            byte |= index << (8 - depth * (j + 1))
        out.append(byte)
    return bytes(out)


rows = [packed([(x + y) % 16 for x in range(13)], 4) for y in range(7)]
write("palette4.png", png(13, 7, 4, 3, rows, 1, extra=chunk(b"PLTE", palette) + chunk(b"tRNS", b"\x00")))
# Indexed, 1 bit, 9 x 3: black and white stripes.
rows = [packed([(x + y) % 2 for x in range(9)], 1) for y in range(3)]
write("palette1.png", png(9, 3, 1, 3, rows, 1, extra=chunk(b"PLTE", b"\x00\x00\x00\xff\xff\xff")))
# Refused: interlaced, 16 bits, a header that asks for ten billion pixels, and pixel data that
# inflates to far more than its header says (a megabyte of zeros for a 10 x 10 image).
rows = [bytes(30) for _ in range(10)]
write("interlaced.png", png(10, 10, 8, 2, rows, 3, interlace=1))
write("rgb16.png", png(2, 2, 16, 2, [bytes(12), bytes(12)], 6))
write("bomb.png", png(100000, 100000, 8, 2, None, 3, data=bytes(1 << 20)))
write("lying.png", png(10, 10, 8, 2, None, 3, data=bytes(1 << 20)))
