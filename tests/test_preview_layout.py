"""The link-preview card's layout (chronicle/render/preview.py, issue 12): the title, headings and
leaders stay in the text column, the map in its frame, and neither runs into the other. A long
title ('Benchmark: 12 clans of the Sengoku', wrapped at 22 characters) ran 150 px into the map,
and a map's muted land beyond its frame spilled over the title.

The card is rasterised here by resvg itself (not through preview.rasterise, whose PNG encoding
is its own concern), and its pixels are read back."""

from __future__ import annotations

import struct
import zlib

import pytest

from chronicle.render import preview

PURPLE = (0x7B, 0x32, 0x94)
#: a map whose drawing runs far outside its viewBox on every side, as the muted land beyond a
#: frame does
SPILLING_MAP = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                '<rect x="-900" y="-900" width="1900" height="1900" fill="#7b3294"/></svg>')
LEADERS = [("#1b9e77", "Wilhelmina Featherstonehaugh", "12 held · 10000 Koku"), ("#d95f02", "Bo", "1 held · 3 VP")]


def rgb_rows(png: bytes) -> list[bytes]:
    """The rows of an 8-bit RGBA PNG as RGB bytes (the five PNG filters undone)."""
    chunks, at = [], 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        chunks.append((kind, png[at + 8:at + 8 + length]))
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", dict(chunks)[b"IHDR"][:10])
    assert (depth, colour) == (8, 6)
    raw = zlib.decompress(b"".join(data for kind, data in chunks if kind == b"IDAT"))
    stride = width * 4
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - 4] if x >= 4 else 0
            up, corner = previous[x], previous[x - 4] if x >= 4 else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                line[x] = (line[x] + min((abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner))[2]) & 255
        rows.append(line)
        previous = line
    return [bytes(b for i, b in enumerate(row) if i % 4 != 3) for row in rows]


@pytest.mark.parametrize("title", [
    "Benchmark: 12 clans of the Sengoku",                        # the card
    "Oyasumi-nasai-Shogun-of-the-Twelve-Provinces-of-the-West",  # one word wider than the column
])
def test_title_and_map_never_meet(title):
    import resvg_py
    card = preview.card_svg(title, "After turn 12 of the long war for the Kinai", "The spring of 1561, Eiroku 4",
                            LEADERS, SPILLING_MAP)
    rows = rgb_rows(bytes(resvg_py.svg_to_bytes(svg_string=card)))
    x0 = preview.MAP_BOX[0]
    # the map stays in its frame: none of its purple left of it, all of the frame purple
    spilled = [(x, y) for y, row in enumerate(rows) for x in range(0, x0 - 1) if tuple(row[3 * x:3 * x + 3]) == PURPLE]
    assert spilled == []
    frame = {PURPLE, (0xDC, 0xE9, 0xF2)}          # the map, and the frame's fill around it
    assert {tuple(row[i:i + 3]) for row in rows for i in range(3 * (x0 + 1), 3600, 3)} <= frame     # no letter on the map
    # the text column's ink (below the bar along its top) ends before the map, with its margin
    paper = bytes.fromhex(preview.PAPER[1:])
    right = max((x for row in rows[12:] for x in range(x0 - 1) if row[3 * x:3 * x + 3] != paper), default=None)
    assert right is not None and right <= preview.TEXT_RIGHT + 2


def test_the_title_fits_at_its_edges():
    """A title exactly as wide as the column stays one line at 46 px; one letter more wraps; three
    lines too many at every size are cut with '…' at the smallest."""
    room = preview.TEXT_RIGHT - preview.TEXT_X
    word = "W"
    while preview._px(word + "W", 46) <= room:
        word += "W"
    assert preview._fit_title(word, room) == (46, [word])
    assert preview._fit_title(word + " W", room) == (46, [word, "W"])
    size, lines = preview._fit_title(" ".join(["Kinai"] * 40), room)
    assert size == preview.TITLE_SIZES[-1] and len(lines) == 3 and lines[-1].endswith("…")
    assert all(preview._px(line, size) <= room for line in lines)
    assert preview._fit_title("Sengoku Jidai: the year of Okehazama", room)[0] == 46
