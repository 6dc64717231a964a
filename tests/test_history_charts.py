"""The server-drawn SVG charts: scales, accessibility, escaping, many lines."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.figures.charts import Series, legend_swatch, line_chart, nice_step, style_of, y_ticks

from .test_history_helpers import record


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 492, [0, 100, 200, 300, 400, 500]),
        (-12, 31, [-20, -10, 0, 10, 20, 30, 40]),
        (0, 0, [0, 2, 4, 6, 8, 10]),
        (5, 9, [0, 2, 4, 6, 8, 10]),
        (-30, -5, [-30, -20, -10, 0]),
    ],
)
def test_ticks_are_round_and_include_zero(low, high, ticks):
    assert y_ticks(low, high) == ticks


def test_nice_step():
    assert [nice_step(s) for s in (10, 50, 120, 1000, 3)] == [2, 10, 25, 200, 1]


def chart(series, labels=None):
    labels = labels or [str(i + 1) for i in range(len(series[0].values))]
    return str(line_chart(chart_id="c1", title="Totals", desc="How it went", labels=labels, series=series))


def test_a_chart_names_itself_for_screen_readers():
    svg = chart([Series("Ann", [10, 20, 35]), Series("Bo", [0, 11, 11])])
    assert svg.startswith('<svg class="chart" id="c1"')
    assert 'role="img"' in svg and 'aria-labelledby="c1-title c1-desc"' in svg
    assert '<title id="c1-title">Totals</title>' in svg and '<desc id="c1-desc">How it went</desc>' in svg
    assert svg.count("<polyline") == 2
    assert "<title>Ann, 3: 35</title>" in svg  # each point says what it is
    assert "style=" not in svg and "<script" not in svg  # nothing a strict CSP would block


def test_names_are_escaped():
    svg = chart([Series('<script>alert("x")</script> & co', [1, 2])])
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg


def test_lines_differ_without_colour():
    """Twenty lines: every one has its own marker shape and dash pattern."""
    styles = {style_of(i)[2:] for i in range(20)}
    assert len(styles) == 20
    assert legend_swatch(3).startswith('<svg class="swatch"')


def test_a_single_point_and_gaps_draw():
    svg = chart([Series("Ann", [None, 5, None])])
    assert "<polyline" not in svg  # one point: a marker, no line
    assert svg.count("<title>Ann") == 1


def test_many_rounds_thin_out_the_x_labels():
    labels = [str(i) for i in range(1, 61)]
    svg = chart([Series("Ann", list(range(60)))], labels)
    shown = re.findall(r'text-anchor="middle" stroke="none">(\d+)</text>', svg)
    assert shown[0] == "1" and shown[-1] == "60"
    assert 5 <= len(shown) <= 20


@pytest.mark.django_db
def test_hostile_names_are_escaped_on_every_page(table, user):
    names = ['<img src=x onerror="alert(1)">', "Bo & Co", "Cy"]
    session = record(user, "bugger-bridge", names, [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    for target in (
        reverse("games:summary", args=[session.pk]),
        reverse("games:print", args=[session.pk]),
        reverse("games:history"),
        reverse("games:players"),
    ):
        body = table.get(target).content.decode()
        assert "<img src=x" not in body, target
        assert "&lt;img src=x" in body, target
