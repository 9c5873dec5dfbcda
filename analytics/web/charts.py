"""Charts as SVG drawn on the server: a line chart of a few series and a bar chart, with axes,
labels and a ``<title>`` (the browser's tooltip) on every point and bar. No script, no CDN.

The geometry is plain arithmetic on a fixed canvas of ``WIDTH`` x ``HEIGHT`` user units (the
SVG scales to the page's width): a plot area inside the margins, a value axis running over
"nice" ticks (1, 2 or 5 times a power of ten) that cover the data, and points spread evenly
from the plot's left edge to its right one (a lone point sits in the middle).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

WIDTH, HEIGHT = 480, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 28, 36
#: At most this many labels under the x axis (every n-th bar's; a line's spread from its first point
#: to its last), so they never overlap.
MOST_X_LABELS = 8
#: Colours of the series, in order: the site's accent, then a warm grey-orange.
COLOURS = ("#0b5cad", "#bc4c00", "#1a7f37", "#8250df")


@dataclass(frozen=True)
class Point:
    """One value: ``label`` names it under the x axis, ``note`` is its tooltip."""

    label: str
    value: float
    note: str


@dataclass(frozen=True)
class Series:
    name: str
    points: list[Point]


def nice_ticks(low: float, high: float, most: int = 5, *, whole: bool = False) -> list[float]:
    """Evenly spaced round values from at or below ``low`` to at or above ``high``: the step
    is 1, 2 or 5 times a power of ten, the smallest giving at most ``most`` intervals (and at
    least 1 when ``whole``: counts have no halves)."""
    if high <= low:
        low, high = low - 1, high + 1
    raw = (high - low) / most
    power = 10 ** math.floor(math.log10(raw))
    if whole:
        power = max(power, 1)
    step = next(
        f * power
        for f in (1, 2, 5, 10, 20, 50)
        if (math.ceil(high / (f * power)) - math.floor(low / (f * power))) <= most
    )
    first, last = math.floor(low / step), math.ceil(high / step)
    return [_tidy(n * step) for n in range(first, last + 1)]


def _tidy(value: float) -> float:
    """A tick without the float dust of its multiplication (0.30000000000000004 -> 0.3)."""
    return round(value, 10)


def _label(value: float) -> str:
    return f"{value:g}"


class _Frame:
    """The plot area and its value axis: where a value and the n-th of ``count`` points go."""

    def __init__(self, ticks: list[float], count: int):
        self.ticks, self.count = ticks, count
        self.left, self.right = LEFT, WIDTH - RIGHT
        self.top, self.bottom = TOP, HEIGHT - BOTTOM

    def y(self, value: float) -> float:
        low, high = self.ticks[0], self.ticks[-1]
        return round(self.bottom - (value - low) / (high - low) * (self.bottom - self.top), 2)

    def x(self, index: int) -> float:
        if self.count == 1:
            return (self.left + self.right) / 2
        return round(self.left + index * (self.right - self.left) / (self.count - 1), 2)

    def y_axis(self) -> list[dict]:
        return [{"y": self.y(t), "label": _label(t)} for t in self.ticks]


def _x_labels(labels: list[str], frame: _Frame) -> list[dict]:
    """At most ``MOST_X_LABELS`` labels spread evenly from the first point to the last (a history
    is read up to its latest point), each at its point's x; one at the plot's right edge ends
    there, so it is not cut off."""
    shown = min(len(labels), MOST_X_LABELS)
    last = len(labels) - 1
    chosen = sorted({round(k * last / (shown - 1)) for k in range(shown)}) if shown > 1 else [0]
    placed = [{"x": frame.x(i), "label": labels[i]} for i in chosen]
    return [{**tick, "anchor": "end" if tick["x"] >= frame.right else "middle"} for tick in placed]


def line_chart(series: list[Series], *, title: str, y_label: str = "") -> SafeString:
    """Lines over the same points (one x label per point, read from the first series)."""
    values = [p.value for s in series for p in s.points]
    if not values:
        return SafeString("")
    count = max(len(s.points) for s in series)
    frame = _Frame(nice_ticks(min(values), max(values)), count)
    lines = []
    for n, one in enumerate(series):
        dots = [{"x": frame.x(i), "y": frame.y(p.value), "note": p.note} for i, p in enumerate(one.points)]
        path = " ".join(f"{d['x']},{d['y']}" for d in dots)
        colour = COLOURS[n % len(COLOURS)]
        lines.append({"name": one.name, "colour": colour, "points": path, "dots": dots, "legend_x": LEFT + n * 220})
    context = {
        **_canvas(frame, title, y_label),
        "lines": lines,
        "x_labels": _x_labels([p.label for p in series[0].points], frame),
    }
    return SafeString(render_to_string("analytics/charts/line.svg", context))


def bar_chart(bars: list[Point], *, title: str, y_label: str = "", unit: str = "") -> SafeString:
    """One bar per point from zero up to its value (values are counts or rates: never below
    zero); its value, and ``unit`` ("%"), printed over it."""
    if not bars:
        return SafeString("")
    frame = _Frame(nice_ticks(0, max(max(b.value for b in bars), 1), whole=True), len(bars))
    slot = (frame.right - frame.left) / len(bars)
    width = round(slot * 0.7, 2)
    every = max(1, math.ceil(len(bars) / MOST_X_LABELS))
    drawn = []
    for i, bar in enumerate(bars):
        y = frame.y(bar.value)
        centre = frame.left + slot * (i + 0.5)
        drawn.append(
            {
                "x": round(centre - width / 2, 2),
                "centre": round(centre, 2),
                "y": y,
                "height": round(frame.bottom - y, 2),
                "value": f"{_label(bar.value)}{unit}",
                "label": bar.label if i % every == 0 else "",
                "note": bar.note,
            }
        )
    context = {**_canvas(frame, title, y_label), "bars": drawn, "bar_width": width}
    return SafeString(render_to_string("analytics/charts/bar.svg", context))


def _canvas(frame: _Frame, title: str, y_label: str) -> dict:
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "frame": frame,
        "title": title,
        "y_label": y_label,
        "y_axis": frame.y_axis(),
        "colours": COLOURS,
    }
