"""The SVG charts: coordinates worked out by hand from the canvas in analytics.web.charts
(480 x 240, margins left 48, right 16, top 28, bottom 36: a plot from x 48 to 464 and from
y 28 down to 204)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from analytics.web.charts import Point, Series, bar_chart, line_chart, nice_ticks

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(str(svg))


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 37, [0, 10, 20, 30, 40]),  # steps of 1, 2, 5 give 37, 19, 8 intervals; 10 gives 4
        (-3.2, 27.9, [-10, 0, 10, 20, 30]),
        (0.5, 5.5, [0, 2, 4, 6]),  # steps of 1 would need 6 intervals
        (20, 20, [19, 19.5, 20, 20.5, 21]),  # flat: one unit either side, in steps of 0.5 (0.2 gives 10)
    ],
)
def test_ticks_are_round_and_cover_the_values(low, high, ticks):
    assert nice_ticks(low, high) == ticks


def test_ticks_of_counts_are_whole_numbers():
    assert nice_ticks(0, 2, whole=True) == [0, 1, 2]  # not 0, 0.5, 1, 1.5, 2


def test_a_line_chart_puts_each_point_where_its_value_and_place_say():
    series = [
        Series("mu", [Point("1 Mar", 25, "25.0"), Point("2 Mar", 30, "30.0"), Point("3 Mar", 20, "20.0")]),
        Series("mu - 3 sigma", [Point("1 Mar", 0, "0.0"), Point("2 Mar", 5, "5.0"), Point("3 Mar", 10, "10.0")]),
    ]
    svg = parsed(line_chart(series, title="Rating"))
    # Values 0..30: ticks 0, 10, 20, 30, so y = 204 - value / 30 * 176; x spreads 48..464 in halves.
    mu, low = svg.findall(f".//{SVG}polyline")
    assert mu.get("points") == "48.0,57.33 256.0,28.0 464.0,86.67"
    assert low.get("points") == "48.0,204.0 256.0,174.67 464.0,145.33"
    tooltips = [c.find(f"{SVG}title").text for c in svg.iter(f"{SVG}circle")]
    assert tooltips == ["25.0", "30.0", "20.0", "0.0", "5.0", "10.0"]
    assert [t.text for t in svg.iter(f"{SVG}text") if t.text in ("0", "10", "20", "30")] == ["0", "10", "20", "30"]
    assert svg.find(f"{SVG}title").text == "Rating"
    under = [(t.text, t.get("text-anchor")) for t in svg.find(f"{SVG}g[@class='x-labels']")]
    assert under == [("1 Mar", "middle"), ("2 Mar", "middle"), ("3 Mar", "end")]  # the last ends at the edge


def test_a_long_line_charts_labels_run_from_its_first_point_to_its_last():
    """30 points, at most 8 labels: spread over the 29 steps, at points 0, 4, 8, 12, 17, 21, 25 and 29 (29 / 7 =
    4.14 steps apart, rounded), so the latest point is named (every 4th point's label stopped at the 28th)."""
    points = [Point(f"day {n}", n, str(n)) for n in range(30)]
    svg = parsed(line_chart([Series("mu", points)], title="Rating"))
    under = [t.text for t in svg.find(f"{SVG}g[@class='x-labels']")]
    assert under == [f"day {n}" for n in (0, 4, 8, 12, 17, 21, 25, 29)]


def test_a_line_chart_of_one_point_draws_it_in_the_middle():
    svg = parsed(line_chart([Series("mu", [Point("today", 1, "1")])], title="One"))
    (circle,) = svg.iter(f"{SVG}circle")
    # ticks 0, 0.5, ... 2: the value 1 sits half way down the plot
    assert (circle.get("cx"), circle.get("cy")) == ("256.0", "116.0")


def test_a_bar_chart_draws_bars_from_zero_with_their_values_and_tooltips():
    bars = [Point("Seat 1", 50, "2 of 4 won"), Point("Seat 2", 25, "1 of 4 won")]
    svg = parsed(bar_chart(bars, title="Wins by seat", unit="%"))
    rects = list(svg.iter(f"{SVG}rect"))
    # Ticks 0, 10, ... 50: a slot is 416 / 2 = 208 wide, a bar 0.7 of it (145.6), centred at 152 and 360.
    assert [(r.get("x"), r.get("y"), r.get("width"), r.get("height")) for r in rects] == [
        ("79.2", "28.0", "145.6", "176.0"),
        ("287.2", "116.0", "145.6", "88.0"),
    ]
    assert [r.find(f"{SVG}title").text for r in rects] == ["2 of 4 won", "1 of 4 won"]
    texts = [t.text for t in svg.iter(f"{SVG}text")]
    assert "50%" in texts and "25%" in texts and "Seat 1" in texts


def test_a_bar_chart_of_many_bars_labels_every_other_one():
    bars = [Point(f"{n}0s", n, f"{n}") for n in range(10)]  # 10 bars, at most 8 labels: every 2nd
    labels = [t.text for t in parsed(bar_chart(bars, title="Scores")).iter(f"{SVG}text") if t.text and "0s" in t.text]
    assert labels == ["00s", "20s", "40s", "60s", "80s"]


def test_a_chart_of_nothing_is_empty():
    assert line_chart([Series("mu", [])], title="None") == ""
    assert bar_chart([], title="None") == ""
