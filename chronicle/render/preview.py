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
import textwrap
from xml.sax.saxutils import escape, quoteattr

WIDTH, HEIGHT = 1200, 630
PAPER = "#f6f3ea"
INK = "#22313f"
MUTED = "#5b6670"
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
MAP_BOX = (560, 0, 640, 630)            # x, y, width, height of the map's frame
TEXT_X = 48
LEADERS = 5


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
           f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{map_fill}"/>',
           f'<image x="{x + 10}" y="{y + 10}" width="{w - 20}" height="{h - 20}" preserveAspectRatio="xMidYMid meet" '
           f'xlink:href="data:image/svg+xml;base64,{data}"/>',
           f'<rect x="0" y="0" width="{x}" height="10" fill="{INK}"/>']
    line_y = 96
    for line in _wrap(title, 22, 3):
        out.append(f'<text x="{TEXT_X}" y="{line_y}" font-size="46" font-weight="bold" fill="{INK}">{escape(line)}</text>')
        line_y += 56
    line_y += 16
    out.append(f'<text x="{TEXT_X}" y="{line_y}" font-size="32" fill="{INK}">{escape(_cut(heading, 30))}</text>')
    line_y += 38
    if subheading:
        out.append(f'<text x="{TEXT_X}" y="{line_y}" font-size="24" fill="{MUTED}">{escape(_cut(subheading, 38))}</text>')
        line_y += 34
    line_y = max(line_y + 24, 330)
    for colour, name, figures in leaders[:LEADERS]:
        out.append(f'<rect x="{TEXT_X}" y="{line_y - 24}" width="28" height="28" rx="4" fill={quoteattr(colour)} '
                   f'stroke="{INK}" stroke-width="1.5"/>')
        out.append(f'<text x="{TEXT_X + 44}" y="{line_y}" font-size="26" fill="{INK}">{escape(_cut(name, 16))}</text>')
        out.append(f'<text x="{x - 32}" y="{line_y}" font-size="22" fill="{MUTED}" text-anchor="end">{escape(figures)}</text>')
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
    colours hold without a visible change. Pillow's fast octree quantiser, without dithering,
    is deterministic: the same pixels give the same palette and the same bytes. The card is
    opaque (its paper covers it), so the alpha channel is dropped first."""
    import io

    from PIL import Image    # imported here, as resvg: only a build that writes cards needs it
    with Image.open(io.BytesIO(png)) as image:
        indexed = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _wrap(text: str, width: int, lines: int) -> list[str]:
    wrapped = textwrap.wrap(text, width) or [""]
    if len(wrapped) > lines:
        wrapped = wrapped[:lines]
        wrapped[-1] = _cut(wrapped[-1] + " …", width)
    return wrapped


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"
