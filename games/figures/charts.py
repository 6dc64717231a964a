"""Line charts drawn on the server as SVG: no chart library, no script, no CDN.

A chart is plain markup, so it shows on a phone, in print and without JavaScript, and reads
without colour too: every line has its own marker shape and dash pattern, named in a legend.
Colours come from CSS classes (``s0`` ... ``s7``, static/css/history.css), the presentation
attributes as a fallback. Screen readers get a <title> and a <desc>, and the page a data table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Mid-tone colours that read on white and on a dark card (Okabe-Ito, darkened for paper).
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#b8860b", "#56b4e9", "#7f4f24", "#6a3d9a")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
SHAPES = ("circle", "square", "triangle", "diamond", "down")

WIDTH = 360  # viewBox units: about a phone's width, so text is read at its own size
PLOT_TOP = 12
PLOT_LEFT = 44
PLOT_RIGHT = 12
X_AXIS = 36  # room under the plot for the x labels and the axis name
LEGEND_ROW = 20
FONT = 13
MAX_MARKERS = 40  # more points than this on a line: markers only where they mean something


@dataclass
class Series:
    """One line: a name and a value per x position (None: no value there)."""

    name: str
    values: list[float | int | None]
    # Optional: a filled marker where True (e.g. a game won), a hollow one where False.
    marks: list[bool] | None = None


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about ``ticks`` gridlines."""
    if span <= 0:
        return 1
    raw = span / ticks
    power: float = 10 ** math.floor(math.log10(raw))
    return max(next(f * power for f in (1, 2, 2.5, 5, 10) if raw <= f * power), 1)


def y_ticks(low: float, high: float) -> list[float]:
    """Gridline values covering ``low``..``high``, always including 0."""
    low, high = min(low, 0), max(high, 0)
    if low == high:
        high = low + 10
    step = nice_step(high - low)
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    count = round((end - start) / step)
    return [start + i * step for i in range(count + 1)]


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _num(value: float) -> str:
    """A coordinate, short."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _marker(shape: str, x: float, y: float, r: float = 3.6) -> tuple[str, str]:
    """(element name, attributes) of a marker centred on x, y."""
    if shape == "circle":
        return "circle", f'cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}"'
    if shape == "square":
        s = r * 0.9
        return "rect", f'x="{_num(x - s)}" y="{_num(y - s)}" width="{_num(2 * s)}" height="{_num(2 * s)}"'
    if shape == "triangle":
        pts = [(x, y - r * 1.15), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
    elif shape == "down":
        pts = [(x, y + r * 1.15), (x + r, y - r * 0.8), (x - r, y - r * 0.8)]
    else:  # diamond
        pts = [(x, y - r * 1.2), (x + r, y), (x, y + r * 1.2), (x - r, y)]
    return "polygon", 'points="' + " ".join(f"{_num(a)},{_num(b)}" for a, b in pts) + '"'


def style_of(index: int) -> tuple[str, str, str, str]:
    """(css class, colour, dash pattern, marker shape) of the line at ``index``. Shapes change fastest and
    dashes next, so the first twenty lines all differ in print; colours are a third, redundant cue."""
    shape = SHAPES[index % len(SHAPES)]
    dash = DASHES[(index // len(SHAPES)) % len(DASHES)]
    return f"s{index % len(PALETTE)}", PALETTE[index % len(PALETTE)], dash, shape


def _dashed(dash: str) -> str:
    return f' stroke-dasharray="{dash}"' if dash else ""


def _key(index: int, x: float, y: float, width: float) -> str:
    """The line at ``index`` as a legend draws it: ``width`` of it from ``x``, its marker in the middle."""
    cls, colour, dash, shape = style_of(index)
    tag, attrs = _marker(shape, x + width / 2, y)
    return (
        f'<g class="series {cls}" stroke="{colour}" fill="{colour}">'
        f'<line x1="{_num(x)}" y1="{_num(y)}" x2="{_num(x + width)}" y2="{_num(y)}" stroke-width="2"{_dashed(dash)}/>'
        f"<{tag} {attrs}/></g>"
    )


def legend_swatch(index: int) -> SafeString:
    """A small SVG showing the line at ``index`` (for an HTML legend or a table header)."""
    return mark_safe(
        '<svg class="swatch" viewBox="0 0 28 14" width="28" height="14" aria-hidden="true" focusable="false">'
        f"{_key(index, 1, 7, 26)}</svg>"
    )


def line_chart(
    *,
    chart_id: str,
    title: str,
    desc: str,
    labels: list[str],
    series: list[Series],
    x_name: str = "",
    height: int = 200,
) -> SafeString:
    """An SVG line chart: one line per series over the x ``labels``, with a legend under it.
    ``chart_id`` must be unique in the page (it names the <title> and <desc>). Values may be
    negative; the zero line is drawn stronger."""
    chart_id = escape(chart_id)
    n = len(labels)
    values = [v for s in series for v in s.values if v is not None]
    ticks = y_ticks(min(values, default=0), max(values, default=0))
    low, high = ticks[0], ticks[-1]
    # Left margin wide enough for the longest tick label.
    left = max(PLOT_LEFT, 12 + 8 * max(len(_fmt(t)) for t in ticks))
    plot_w = WIDTH - left - PLOT_RIGHT
    plot_h = height
    legend_cols = 2 if len(series) > 1 else 1
    legend_rows = math.ceil(len(series) / legend_cols) if len(series) > 1 else 0
    total_h = PLOT_TOP + plot_h + X_AXIS + (8 + legend_rows * LEGEND_ROW if legend_rows else 0)

    def x_at(i: int) -> float:
        if n <= 1:
            return left + plot_w / 2
        return left + plot_w * i / (n - 1)

    def y_at(v: float) -> float:
        return PLOT_TOP + plot_h * (high - v) / (high - low)

    out = [
        f'<svg class="chart" id="{chart_id}" viewBox="0 0 {WIDTH} {total_h}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" font-size="{FONT}" '
        f'preserveAspectRatio="xMidYMid meet">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(desc)}</desc>',
        '<g class="grid" stroke="currentColor" fill="currentColor">',
    ]
    for t in ticks:
        y = y_at(t)
        strong = t == 0
        out.append(
            f'<line x1="{left}" y1="{_num(y)}" x2="{WIDTH - PLOT_RIGHT}" y2="{_num(y)}" '
            f'stroke-width="{1 if strong else 0.5}" stroke-opacity="{0.7 if strong else 0.25}"/>'
        )
        out.append(f'<text x="{left - 5}" y="{_num(y + 4)}" text-anchor="end" stroke="none">{_fmt(t)}</text>')
    # X labels: as many as fit without touching.
    widest = max((len(label) for label in labels), default=1)
    room = plot_w / max(n, 1)
    step = max(1, math.ceil((widest * 7.5 + 6) / max(room, 1)))
    baseline = PLOT_TOP + plot_h
    shown = list(range(0, n, step))
    if shown and shown[-1] != n - 1:
        # The last label is always shown; it takes the place of one that would touch it.
        if n - 1 - shown[-1] < step and len(shown) > 1:
            shown[-1] = n - 1
        else:
            shown.append(n - 1)
    for i in shown:
        label = labels[i]
        x = x_at(i)
        out.append(
            f'<line x1="{_num(x)}" y1="{baseline}" x2="{_num(x)}" y2="{baseline + 4}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{_num(x)}" y="{baseline + 17}" text-anchor="middle" stroke="none">{escape(label)}</text>'
        )
    if x_name:
        out.append(
            f'<text x="{_num(left + plot_w / 2)}" y="{baseline + 32}" text-anchor="middle" stroke="none" '
            f'class="axis-name">{escape(x_name)}</text>'
        )
    out.append("</g>")

    for index, s in enumerate(series):
        cls, colour, dash, shape = style_of(index)
        points = [(i, v) for i, v in enumerate(s.values) if v is not None]
        out.append(f'<g class="series {cls}" stroke="{colour}" fill="{colour}">')
        if len(points) > 1:
            path = " ".join(f"{_num(x_at(i))},{_num(y_at(v))}" for i, v in points)
            out.append(f'<polyline points="{path}" fill="none" stroke-width="2"{_dashed(dash)}/>')
        show_all = len(points) <= MAX_MARKERS
        for i, v in points:
            marked = s.marks[i] if s.marks and i < len(s.marks) else None
            if not show_all and marked is None and (i, v) != points[-1]:
                continue
            tag, attrs = _marker(shape, x_at(i), y_at(v))
            hollow = ' class="hollow" fill-opacity="0"' if marked is False else ""
            tip = f"{s.name}, {labels[i]}: {_fmt(v)}"
            out.append(f'<{tag} {attrs} stroke-width="1.5"{hollow}><title>{escape(tip)}</title></{tag}>')
        out.append("</g>")

    if legend_rows:
        top = PLOT_TOP + plot_h + X_AXIS + 8
        col_w = (WIDTH - 8) / legend_cols
        longest = int(col_w / 7.6) - 5
        for index, s in enumerate(series):
            col, row = index % legend_cols, index // legend_cols
            x = 8 + col * col_w
            y = top + row * LEGEND_ROW + 6
            name = s.name if len(s.name) <= longest else s.name[: longest - 1] + "…"
            text = f'<text x="{_num(x + 30)}" y="{_num(y + 4)}" fill="currentColor">{escape(name)}</text>'
            out.append(_key(index, x, y, 24) + text)
    out.append("</svg>")
    return mark_safe("".join(out))
