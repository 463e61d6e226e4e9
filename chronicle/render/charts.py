"""SVG line charts (svgwrite): one series per player, in the player's map colour.

A chart is a value (:class:`Chart`) drawn by :func:`line_chart`; it knows nothing of the game.
Every point carries a ``<title>`` with its exact figure, and the x axis is the turn number. Values
may be negative (the axis then runs below zero, with zero drawn darker), and a chart may carry
reference lines (:class:`Reference`, e.g. Sengoku's seppuku line at -20), always inside the range.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import svgwrite

from ..i18n import format_number
from ..i18n import gettext as _

INK = "#1b1b1b"
GRID = "#d0d0d0"
REFERENCE = "#a0241c"                   # a threshold line (contrast 6.9:1 on white)
BACKGROUND = "#ffffff"
WIDTH, HEIGHT = 560, 300
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 56, 18, 16, 50
#: the largest size the axes' text is shown at (style.css sets it on a phone, where the chart is
#: drawn smaller); the y axis's title, turned upright with its baseline at Y_TITLE_X (a font's
#: ascent, about an em, to its left), reaches Y_TITLE_RIGHT at that size
AXIS_FONT_MAX, Y_TITLE_X, Y_TITLE_RIGHT, TICK_GAP = 19, 20, 26, 7
#: a character's width in ems, wide enough for the usual system fonts (DejaVu's: figures 0.64,
#: the minus sign 0.84, the comma 0.32)
CHAR_EMS, CHAR_EM = {",": 0.34, ".": 0.34, "'": 0.34, " ": 0.34, "\u202f": 0.34, "\u00a0": 0.34, "\u2212": 0.86}, 0.66
LEGEND_ROW = 26
LEGEND_COLUMNS = 2
DASHES = (None, "6,3", "2,3", "8,3,2,3")     # series told apart by more than colour
DOTS_UP_TO = 40                        # turns: beyond this a line has no dots (they would merge)
SLOT = "chronicle-slot"                # where the series and legend entries go in the drawn chart


@dataclass(frozen=True)
class Series:
    key: str
    label: str
    colour: str
    values: tuple[float, ...]        # one per x
    emphasis: bool = True


@dataclass(frozen=True)
class Reference:
    """A horizontal line at ``value`` with a short label, e.g. a threshold of the rules."""

    value: float
    label: str


@dataclass(frozen=True)
class Chart:
    id: str                          # unique on its page; prefixes every id inside
    title: str
    x_label: str
    y_label: str
    xs: tuple[int, ...]
    series: tuple[Series, ...]
    references: tuple[Reference, ...] = ()


def nice_ticks(top: float, count: int = 5, integer: bool = True) -> list[float]:
    """Round tick values from 0 to at least ``top``: steps of 1, 2 or 5 times a power of ten
    (and 2.5 too when the data need not be whole numbers)."""
    if top <= 0:
        return [0, 1]
    raw = top / count
    magnitude = 10 ** math.floor(math.log10(raw))
    steps = (1, 2, 5, 10) if integer else (1, 2, 2.5, 5, 10)
    step = next(m * magnitude for m in steps if m * magnitude >= raw)
    if integer and step < 1:
        step = 1
    ticks = [0.0]
    while ticks[-1] < top:
        ticks.append(round(ticks[-1] + step, 6))
    return ticks


def value_ticks(low: float, high: float, count: int = 5, integer: bool = True) -> list[float]:
    """Round ticks covering ``low``..``high`` and always 0: :func:`nice_ticks` when nothing is
    negative, else the same steps on both sides of zero."""
    low, high = min(low, 0.0), max(high, 0.0)
    if low >= 0:
        return nice_ticks(high, count, integer)
    span = high - low
    ticks = nice_ticks(span, count, integer)
    step = ticks[1] - ticks[0]
    out = [0.0]
    while out[0] > low + 1e-9:
        out.insert(0, round(out[0] - step, 6))
    while out[-1] < high - 1e-9:
        out.append(round(out[-1] + step, 6))
    if len(out) < 2:
        out.append(step)
    return out


def _num(value: float) -> str:
    """A value as the site's language writes it ("10.250" in Italian, "10,250" in English; one
    decimal at most), with a true minus sign."""
    value = int(value) if float(value).is_integer() else round(value, 1)
    return ("\u2212" if value < 0 else "") + format_number(abs(value))


def _fmt(value: float) -> str:
    return f"{value:.1f}"


def margin_left(labels) -> float:
    """The room left of the plot for the y axis: its title, then its widest tick label at the
    largest size the page shows it, right-aligned beside the axis. A fixed 56 cut "15,000" to
    ",000" on a phone, whose bigger text needs more room in the drawing's own units."""
    widest = max((sum(CHAR_EMS.get(c, CHAR_EM) for c in label) for label in labels), default=0.0)
    return max(float(MARGIN_LEFT), math.ceil(Y_TITLE_RIGHT + widest * AXIS_FONT_MAX + TICK_GAP))


def line_chart(chart: Chart) -> str:
    """The chart as inline SVG text (no width/height: it scales to its container), each series
    emphasised or faded as its :class:`Series` says."""
    strong = [s.key for s in chart.series if s.emphasis]
    return draw(chart).svg(strong[0] if len(strong) == 1 and len(chart.series) > 1 else None)


def draw(chart: Chart) -> "Drawing":
    """The chart drawn once, to be shown with any one series emphasised (:meth:`Drawing.svg`).

    A player's page and the standings show the same chart; only which line stands out differs,
    so the drawing is made once per build and each page only puts its parts in order."""
    rows = math.ceil(len(chart.series) / LEGEND_COLUMNS)
    height = HEIGHT + rows * LEGEND_ROW + 8
    dwg = svgwrite.Drawing(debug=False)
    del dwg.attribs["width"], dwg.attribs["height"]
    dwg.viewbox(0, 0, WIDTH, height)
    dwg["class"] = "chart"
    dwg["role"] = "img"
    dwg["id"] = chart.id
    dwg.set_desc(title=chart.title)
    xs = chart.xs or (0,)
    x0, x1 = min(xs), max(xs)
    values = [v for s in chart.series for v in s.values] + [r.value for r in chart.references]
    top = max(values + [1])
    bottom = min(values + [0])
    ticks = value_ticks(bottom, top, integer=all(float(v).is_integer() for v in values))
    y_bottom, y_top = ticks[0], ticks[-1]
    left = margin_left([_num(t) for t in ticks])
    plot_w = WIDTH - left - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM

    def px(x: float) -> float:
        return left + (plot_w * (x - x0) / (x1 - x0) if x1 != x0 else plot_w / 2)

    def py(y: float) -> float:
        return MARGIN_TOP + plot_h - plot_h * (y - y_bottom) / (y_top - y_bottom)

    text = dict(font_family="system-ui, sans-serif", font_size="15", fill=INK)
    axes = dwg.g(class_="axes", **text)
    for tick in ticks:
        y = py(tick)
        axes.add(dwg.line((_fmt(left), _fmt(y)), (_fmt(left + plot_w), _fmt(y)), stroke=GRID,
                          stroke_width=1, class_="grid"))
        axes.add(dwg.text(_num(tick), insert=(_fmt(left - TICK_GAP), _fmt(y + 5)), text_anchor="end"))
    step = max(1, math.ceil(len(xs) / 10))
    for i, x in enumerate(xs):
        if (i % step and x != xs[-1]) or (x != xs[-1] and len(xs) - 1 - i < step * 0.6):
            continue                  # every step-th turn, and the last, whose label needs room
        axes.add(dwg.line((_fmt(px(x)), _fmt(MARGIN_TOP + plot_h)), (_fmt(px(x)), _fmt(MARGIN_TOP + plot_h + 5)),
                          stroke=INK, stroke_width=1))
        axes.add(dwg.text(str(x), insert=(_fmt(px(x)), _fmt(MARGIN_TOP + plot_h + 20)), text_anchor="middle"))
    axes.add(dwg.line((_fmt(left), _fmt(MARGIN_TOP)), (_fmt(left), _fmt(MARGIN_TOP + plot_h)),
                      stroke=INK, stroke_width=1.2))
    axes.add(dwg.line((_fmt(left), _fmt(MARGIN_TOP + plot_h)), (_fmt(left + plot_w), _fmt(MARGIN_TOP + plot_h)),
                      stroke=INK, stroke_width=1.2))
    if y_bottom < 0:              # below zero: the zero line is drawn as an axis too
        axes.add(dwg.line((_fmt(left), _fmt(py(0))), (_fmt(left + plot_w), _fmt(py(0))), stroke=INK,
                          stroke_width=1, class_="zero"))
    axes.add(dwg.text(chart.x_label, insert=(_fmt(left + plot_w / 2), _fmt(HEIGHT - 6)), text_anchor="middle",
                      class_="axis-label"))
    y_label = dwg.text(chart.y_label, insert=(0, 0), text_anchor="middle", class_="axis-label",
                       transform=f"translate({Y_TITLE_X} {_fmt(MARGIN_TOP + plot_h / 2)}) rotate(-90)")
    axes.add(y_label)
    dwg.add(axes)
    if chart.references:
        refs = dwg.g(class_="references", font_family="system-ui, sans-serif", font_size="13", fill=REFERENCE)
        for ref in chart.references:
            y = py(ref.value)
            line = dwg.line((_fmt(left), _fmt(y)), (_fmt(left + plot_w), _fmt(y)), stroke=REFERENCE,
                            stroke_width=1.5, stroke_dasharray="7,4", class_="reference")
            line.set_desc(title=f"{ref.label} ({_num(ref.value)})")
            refs.add(line)
            below = y + 16 <= MARGIN_TOP + plot_h - 4          # under the line when there is room, else over it
            refs.add(dwg.text(ref.label, insert=(_fmt(left + 6), _fmt(y + 16 if below else y - 5)), text_anchor="start",
                              class_="reference-label", stroke=BACKGROUND, stroke_width=3, style="paint-order:stroke"))
        dwg.add(refs)

    lines = dwg.g(class_="series", fill="none", stroke_linejoin="round", stroke_linecap="round")
    lines.add(dwg.g(id=SLOT))
    dwg.add(lines)
    legend = dwg.g(class_="legend", **text)
    legend.add(dwg.g(id=SLOT))
    dwg.add(legend)
    dotted = len(xs) <= DOTS_UP_TO
    groups = {}
    for index, series in enumerate(chart.series):
        points = [(px(x), py(v)) for x, v in zip(xs, series.values)]
        groups[series.key] = tuple(_series_group(dwg, chart, series, index, xs, points, dotted, strong)
                                   for strong in (True, False))
    items = {}
    column = WIDTH / LEGEND_COLUMNS
    for i, series in enumerate(chart.series):
        lx = 12 + (i % LEGEND_COLUMNS) * column
        ly = HEIGHT + 12 + (i // LEGEND_COLUMNS) * LEGEND_ROW
        swatch = dwg.line((_fmt(lx), _fmt(ly)), (_fmt(lx + 24), _fmt(ly)), stroke=series.colour, stroke_width=3)
        dash = DASHES[i % len(DASHES)]
        if dash:
            swatch["stroke-dasharray"] = dash
        label = series.label if len(series.label) <= 28 else series.label[:27] + "…"
        items[series.key] = tuple(swatch.tostring() + dwg.text(label, insert=(_fmt(lx + 30), _fmt(ly + 4)),
                                                                  font_weight="700" if strong else "400").tostring()
                                  for strong in (True, False))
    head, between, tail = dwg.tostring().split(f'<g id="{SLOT}" />')
    return Drawing(chart.id, head, between, tail, tuple(s.key for s in chart.series), groups, items)


def _series_group(dwg, chart: Chart, series: Series, index: int, xs, points, dotted: bool, strong: bool) -> str:
    """One series: its line (thinned to what the plot's pixels can show), and a dot with the exact
    figure on every turn while there are few enough turns for dots to be told apart."""
    group = dwg.g(class_=f"line series-{series.key}" + ("" if strong else " faded"), opacity="1" if strong else "0.35")
    line = dwg.polyline([(_fmt(x), _fmt(y)) for x, y in thinned(points)], stroke=series.colour,
                        stroke_width=3 if strong else 2)
    dash = DASHES[index % len(DASHES)]
    if dash:
        line["stroke-dasharray"] = dash
    if not dotted and series.values:
        line.set_desc(title=_("%(series)s: %(value)s %(unit)s after turn %(turn)s", series=series.label,
                                value=_num(series.values[-1]), unit=chart.y_label.lower(), turn=xs[-1]))
    group.add(line)
    if dotted:
        for x, v, (cx, cy) in zip(xs, series.values, points):
            dot = dwg.circle((_fmt(cx), _fmt(cy)), r=3.5, fill=series.colour, stroke="#ffffff", stroke_width=1)
            dot.set_desc(title=_("%(series)s, turn %(turn)s: %(value)s %(unit)s", series=series.label, turn=x, value=_num(v),
                                 unit=chart.y_label.lower()))
            group.add(dot)
    return group.tostring()


def thinned(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points that change the drawn line: the middle of three on one level is dropped, and
    where several points fall in one pixel column only the first, lowest, highest and last stay."""
    columns: dict[int, list] = {}
    for point in points:
        columns.setdefault(round(point[0]), []).append(point)
    kept = []
    for column in columns.values():
        if len(column) <= 4:
            kept += column
        else:
            ys = [p[1] for p in column]
            picks = sorted({0, ys.index(min(ys)), ys.index(max(ys)), len(column) - 1})
            kept += [column[i] for i in picks]
    out = []
    for i, point in enumerate(kept):
        if 0 < i < len(kept) - 1 and _same(kept[i - 1][1], point[1]) and _same(kept[i + 1][1], point[1]):
            continue
        out.append(point)
    return out


def _same(a: float, b: float) -> bool:
    return _fmt(a) == _fmt(b)


@dataclass(frozen=True)
class Drawing:
    """A chart drawn once: the SVG around the series, and each series and legend entry drawn
    emphasised and faded."""

    id: str
    head: str
    between: str                      # after the series, before the legend's entries
    tail: str
    keys: tuple[str, ...]
    groups: dict                      # key -> (strong, faded) SVG text
    legend: dict                      # key -> (strong, faded) SVG text

    def svg(self, emphasis: str | None = None, id: str | None = None) -> str:
        """The chart with ``emphasis``'s line drawn over the others, faded (all strong for None)."""
        pick = 0 if emphasis is None else 1
        order = [k for k in self.keys if k != emphasis] + ([emphasis] if emphasis in self.groups else [])
        series = "".join(self.groups[k][0 if k == emphasis else pick] for k in order)
        legend = "".join(self.legend[k][0 if k == emphasis else pick] for k in self.keys)
        head = self.head if id is None else self.head.replace(f'id="{self.id}"', f'id="{id}"', 1)
        return head + series + self.between + legend + self.tail
