"""Players' colours told apart: near-identical colours get a pattern on the map.

Two players whose colours are close (CIE76 ΔE in CIELAB below :data:`CLOSE` as most people see
them, or below :data:`CLOSE_CVD` as someone with deuteranopia or protanopia sees them, simulated
with Machado, Oliveira and Fernandes' 2009 matrices) cannot be told apart on the map by colour
alone: the later of the two in campaign.yaml gets a pattern over its colour (a white hatch,
then dots, then a cross-hatch, then stripes), so that no two close colours share a pattern. The
example's Hojo and Uesugi are two blues: Uesugi's provinces are hatched. The default palette is
Okabe and Ito's, chosen to stay apart for colour-blind readers.
"""

from __future__ import annotations

import math
from functools import lru_cache

CLOSE = 40.0
CLOSE_CVD = 20.0
PATTERNS = ("hatch", "dots", "cross", "stripes")

#: linear-RGB simulation matrices, severity 1 (Machado et al. 2009)
_CVD = {
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
}


def _rgb(colour: str) -> tuple[float, float, float] | None:
    value = colour.strip().lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    try:
        return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except (ValueError, IndexError):
        return None


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@lru_cache(maxsize=None)
def views(colour: str) -> dict[str, tuple[float, float, float]] | None:
    """The colour in CIELAB as seen with normal vision, with deuteranopia and with protanopia."""
    rgb = _rgb(colour)
    if rgb is None:
        return None
    linear = tuple(_linear(c) for c in rgb)
    out = {"normal": _lab(linear)}
    for kind, matrix in _CVD.items():
        seen = tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear)))) for row in matrix)
        out[kind] = _lab(seen)
    return out


def close(a: str, b: str) -> bool:
    """Whether two colours are too close to tell apart on a map (see the module docstring)."""
    va, vb = views(a), views(b)
    if va is None or vb is None:
        return a.strip().lower() == b.strip().lower()
    if math.dist(va["normal"], vb["normal"]) < CLOSE:
        return True
    return any(math.dist(va[k], vb[k]) < CLOSE_CVD for k in _CVD)


def patterns(players) -> dict[str, str | None]:
    """Player id -> the pattern over its colour (None: plain), for ``players`` as (id, colour) in
    campaign order."""
    out: dict[str, str | None] = {}
    seen: list[tuple[str, str]] = []
    for pid, colour in players:
        taken = {out[other] for other, c in seen if close(colour, c)}
        if taken:
            out[pid] = next((p for p in (None,) + PATTERNS if p not in taken), PATTERNS[-1])
        else:
            out[pid] = None
        seen.append((pid, colour))
    return out


def pattern_svg(pattern_id: str, colour: str, pattern: str, size: float, fmt) -> str:
    """An SVG <pattern> of ``colour`` under a white ``pattern``, ``size`` map units a tile."""
    s = fmt(size)
    body = f'<rect width="{s}" height="{s}" fill="{colour}"/>'
    w = fmt(size * 0.3)
    if pattern == "once":                              # land held once: the colour in thin stripes on white
        body = f'<rect width="{s}" height="{s}" fill="#fff"/><rect width="{fmt(size * 0.4)}" height="{s}" fill="{colour}"/>'
        transform = ' patternTransform="rotate(45)"'
    elif pattern == "hatch":
        body += f'<rect width="{w}" height="{s}" fill="#fff" fill-opacity=".5"/>'
        transform = ' patternTransform="rotate(45)"'
    elif pattern == "stripes":
        body += f'<rect width="{s}" height="{w}" fill="#fff" fill-opacity=".5"/>'
        transform = ""
    elif pattern == "cross":
        body += (f'<rect width="{w}" height="{s}" fill="#fff" fill-opacity=".45"/>'
                 f'<rect width="{s}" height="{w}" fill="#fff" fill-opacity=".45"/>')
        transform = ' patternTransform="rotate(45)"'
    else:                                              # dots
        body += f'<circle cx="{fmt(size / 2)}" cy="{fmt(size / 2)}" r="{fmt(size * 0.22)}" fill="#fff" fill-opacity=".6"/>'
        transform = ""
    return (f'<pattern id="{pattern_id}" width="{s}" height="{s}" patternUnits="userSpaceOnUse"{transform}>'
            f'{body}</pattern>')


def css_background(colour: str, pattern: str | None) -> str:
    """The same pattern for an HTML swatch (the legend), as a CSS background."""
    if not pattern:
        return f"background:{colour}"
    light = "rgba(255,255,255,.55)"
    if pattern == "hatch":
        return f"background:repeating-linear-gradient(45deg,{colour} 0 3px,{light} 3px 4.5px),{colour}"
    if pattern == "stripes":
        return f"background:repeating-linear-gradient(0deg,{colour} 0 3px,{light} 3px 4.5px),{colour}"
    if pattern == "cross":
        return (f"background:repeating-linear-gradient(45deg,transparent 0 3px,{light} 3px 4.5px),"
                f"repeating-linear-gradient(-45deg,{colour} 0 3px,{light} 3px 4.5px)")
    return f"background:radial-gradient({light} 28%,transparent 32%) 0 0/5px 5px,{colour}"
