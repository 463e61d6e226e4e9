"""The picture a chat shows when someone shares a link: a 1200x630 PNG of a turn's map.

Open Graph and Twitter cards want a raster image of about 1.91:1 (1200x630 is what every
service takes); SVG is not accepted. The card is an SVG — the turn's map on the right, the
campaign's title, the turn and the leading players on the left — rasterised by resvg through
its Python binding ``resvg_py``: a Rust renderer shipped as a binary wheel (manylinux, macOS,
Windows, abi3), so it installs with pip alone, with no system Cairo as cairosvg would need.
resvg renders the same SVG to the same pixels every time, so the PNG is as deterministic as
the rest of the site.
"""

from __future__ import annotations

import base64
import re
from xml.sax.saxutils import escape, quoteattr

from .maps import text_width

WIDTH, HEIGHT = 1200, 630
PAPER = "#f6f3ea"
INK = "#22313f"
MUTED = "#5b6670"
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
MAP_BOX = (560, 0, 640, 630)            # x, y, width, height of the map's frame
TEXT_X = 48
TEXT_RIGHT = MAP_BOX[0] - 32            # the text column ends here, clear of the map
LEADERS = 5
#: The window of latest turns that get a card: the last of them shows the home page's card
#: (HOME_CARD), the RECENT - 1 before it a card of their own. A card is a third of a second of CPU
#: (resvg's filling of the map, not anything we could trim), so one for every turn made the
#: cards most of a long campaign's clean build (150 s of 180 at 500 turns) and a sixth of its
#: site; and the turns people share are the recent ones. An older turn's page shows the home
#: card too, the campaign as it stands, and says so in its alt text. The cost of the cards is
#: then bounded, whatever the campaign's length.
RECENT = 10
HOME_CARD = "preview.png"
TITLE_SIZES = (46, 40, 34)              # the title's font sizes, tried in turn until it fits in 3 lines


def card_svg(title: str, heading: str, subheading: str | None, leaders: list[tuple[str, str, str]],
             map_svg: str, map_fill: str = "#dce9f2") -> str:
    """The card as SVG text. ``leaders`` are (colour, name, figures) best first; ``map_svg`` is a
    complete standalone SVG document (the turn's map), embedded as an image so that its own
    viewBox and styles stay its own."""
    x, y, w, h = MAP_BOX
    data = base64.b64encode(map_svg.encode("utf-8")).decode("ascii")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family={quoteattr(FONT)}>',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{PAPER}"/>',
           f'<clipPath id="map-frame"><rect x="{x}" y="{y}" width="{w}" height="{h}"/></clipPath>',
           f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{map_fill}"/>',
           # clipped: a map draws the land beyond its frame (muted coast) outside its viewBox
           f'<image x="{x + 10}" y="{y + 10}" width="{w - 20}" height="{h - 20}" preserveAspectRatio="xMidYMid meet" '
           f'clip-path="url(#map-frame)" xlink:href="data:image/svg+xml;base64,{data}"/>',
           f'<rect x="0" y="0" width="{x}" height="10" fill="{INK}"/>']
    room = TEXT_RIGHT - TEXT_X
    size, lines = _fit_title(title, room)
    line_y = 50 + size
    for line in lines:
        out.append(f'<text x="{TEXT_X}" y="{line_y}" font-size="{size}" font-weight="bold" fill="{INK}">{escape(line)}</text>')
        line_y += round(size * 1.22)
    line_y += 16
    out.append(f'<text x="{TEXT_X}" y="{line_y}" font-size="32" fill="{INK}">{escape(_cut_to(heading, 32, room))}</text>')
    line_y += 38
    if subheading:
        out.append(f'<text x="{TEXT_X}" y="{line_y}" font-size="24" fill="{MUTED}">{escape(_cut_to(subheading, 24, room))}</text>')
        line_y += 34
    line_y = max(line_y + 24, 330)
    for colour, name, figures in leaders[:LEADERS]:
        out.append(f'<rect x="{TEXT_X}" y="{line_y - 24}" width="28" height="28" rx="4" fill={quoteattr(colour)} '
                   f'stroke="{INK}" stroke-width="1.5"/>')
        name_room = TEXT_RIGHT - _px(figures, 22) - 16 - (TEXT_X + 44)
        out.append(f'<text x="{TEXT_X + 44}" y="{line_y}" font-size="26" fill="{INK}">{escape(_cut_to(_cut(name, 16), 26, name_room))}</text>')
        out.append(f'<text x="{TEXT_RIGHT}" y="{line_y}" font-size="22" fill="{MUTED}" text-anchor="end">{escape(figures)}</text>')
        line_y += 46
    out.append("</svg>")
    return "\n".join(out)


LABELS = re.compile(r'<g [^>]*class="labels"[^>]*>.*?</g>', re.S)


def without_labels(map_svg: str) -> str:
    """The map without its province names: at a card's size they are too small to read, and
    shaping them is half of the rasterising time."""
    return LABELS.sub("", map_svg, count=1)


def rasterise(svg: str) -> bytes:
    """PNG bytes of ``svg`` at its own size (1200x630 for a card), as a palette PNG (below)."""
    import resvg_py          # imported here: only a build that writes cards needs the renderer
    return to_palette(bytes(resvg_py.svg_to_bytes(svg_string=svg)))


def to_palette(png: bytes) -> bytes:
    """``png`` as an 8-bit indexed PNG of at most 256 colours: a third of the bytes of resvg's
    RGBA (a Pitac card: 150 KB to 51 KB; one a turn, they were a third of a long campaign's site).

    A card is flat colour (fills, hatching, text on paper) with anti-aliased edges, which 256
    colours hold without a visible change. Pillow's median cut, without dithering, splits the
    colours by how many pixels have them, so the large flat fills (the paper, the sea, the
    players' colours) keep their exact colour (the fast octree, 35 ms a card faster, moved the
    paper and the sea by one step), and it is deterministic: the same pixels give the same
    palette and the same bytes. The card is opaque (its paper covers it), so the alpha channel
    is dropped first."""
    import io

    from PIL import Image    # imported here, as resvg: only a build that writes cards needs it
    with Image.open(io.BytesIO(png)) as image:
        indexed = image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _px(text: str, size: float) -> float:
    """How wide ``text`` stands at ``size`` pixels: the map labels' letter widths, which are
    DejaVu Sans Bold's (the card's first font; 'The Winter Court falls' at 46 px: 571 px
    measured, 570 drawn), so a regular line measures a little wide, never narrow."""
    return text_width(text) * size


def _fit_title(title: str, room: float, lines: int = 3) -> tuple[int, list[str]]:
    """The title's font size and lines: the largest of :data:`TITLE_SIZES` at which it wraps in
    ``lines`` lines of at most ``room`` pixels (a long title overlapped the map: 'Benchmark: 12
    clans of' at 46 px ran 150 px into it), else the smallest, its last line cut with '…'."""
    for size in TITLE_SIZES:
        wrapped = _wrap_to(title, size, room)
        if len(wrapped) <= lines:
            return size, wrapped
    wrapped = wrapped[:lines]
    wrapped[-1] = _cut_to(wrapped[-1] + " …", size, room)
    return size, wrapped


def _wrap_to(text: str, size: float, room: float) -> list[str]:
    """``text`` in lines no wider than ``room`` at ``size``, broken between words (a word
    wider than a line by itself is cut)."""
    out: list[str] = []
    for word in text.split() or [""]:
        line = f"{out[-1]} {word}" if out else word
        if out and _px(line, size) <= room:
            out[-1] = line
        else:
            out.append(_cut_to(word, size, room))
    return out


def _cut_to(text: str, size: float, room: float) -> str:
    """``text``, cut with '…' where it would run wider than ``room`` at ``size``."""
    if _px(text, size) <= room:
        return text
    while text and _px(text.rstrip() + "…", size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"
