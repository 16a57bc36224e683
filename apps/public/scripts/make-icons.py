#!/usr/bin/env python3
"""Draws the installable site's PNG icons (issue 22) from the favicon's shape, a gold cross on
navy (public/favicon.svg), into apps/public/public/icons/: 192 and 512 px with rounded corners,
a full-bleed 512 px maskable icon (the cross stays inside the safe circle) and the 180 px
apple-touch-icon. Standard library only: a 4x4 supersampled rasteriser and a PNG writer.

    python3 apps/public/scripts/make-icons.py
"""
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "public" / "icons"
NAVY = (0x12, 0x3C, 0x69)
GOLD = (0xF5, 0xC4, 0x51)
# The cross's two bars in the favicon's 32x32 units: (x0, y0, x1, y1).
BARS = ((14, 5, 18, 27), (7, 12, 25, 16))
SAMPLES = 4


def in_square(x, y, r):
    """Inside the 32-unit square with corners of radius r (0: full bleed)."""
    if r == 0:
        return True
    cx = min(max(x, r), 32 - r)
    cy = min(max(y, r), 32 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_cross(x, y):
    return any(x0 <= x < x1 and y0 <= y < y1 for x0, y0, x1, y1 in BARS)


def draw(size, radius):
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # filter: none
        for px in range(size):
            cover = gold = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) * 32 / size
                    y = (py + (sy + 0.5) / SAMPLES) * 32 / size
                    if not in_square(x, y, radius):
                        continue
                    cover += 1
                    gold += in_cross(x, y)
            t = gold / cover if cover else 0
            rows.extend(round(n * (1 - t) + g * t) for n, g in zip(NAVY, GOLD))
            rows.append(round(cover / SAMPLES**2 * 255))
    return bytes(rows)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(size, rows):
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, radius in (
        ("icon-192.png", 192, 6),
        ("icon-512.png", 512, 6),
        ("icon-maskable-512.png", 512, 0),
        ("apple-touch-icon.png", 180, 0),
    ):
        data = png(size, draw(size, radius))
        (OUT / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
