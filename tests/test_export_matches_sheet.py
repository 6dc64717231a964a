"""What an export says (labels, dealers, points, running totals, result) is what the sheet shows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.backup.session_record import export_session

from .conftest import everyone_makes

pytestmark = pytest.mark.django_db


def test_bugger_export_agrees_with_the_sheet(table, make_game):
    rounds = [
        {"bids": [0, 0, 0, 1, 1], "tricks": [0, 0, 0, 0, 1]},
        {"bids": [0, 0, 0, 0, 0], "tricks": [1, 1, 0, 0, 0], "penalties": [{"player": 2, "points": -10}]},
        everyone_makes(5, 3, bidder=4),
        {"bids": [1, 1, 1, 1, 1]},
    ]
    session = make_game(rounds=rounds, first_dealer=3)
    record = export_session(session)
    context = table.get(reverse("games:sheet", args=[session.pk])).context
    rows = context["rows"]
    assert len(record["rounds"]) == 4
    for exported, row in zip(record["rounds"], rows, strict=False):
        heading, cells = row.cells[0], row.cells[1:]  # the paper model's row: its heading, a cell per player
        assert exported["label"] == heading.text
        assert exported["dealer"] == next(seat for seat, c in enumerate(cells) if "dealer" in c.cls.split())
        assert exported["cards"] == [int(exported["label"].rstrip("NT"))] * 5
        assert [int(c.corner) for c in cells] == exported["bids"]
        if exported["totals"] is not None:
            shown = [int(c.text) if c.text != "–" else None for c in cells]
            for seat, total in enumerate(exported["totals"]):
                # A dash stands for a missed bid with no change to the total.
                assert shown[seat] in (total, None)
                if shown[seat] is None:
                    assert exported["points"][seat] == 0
    assert record["rounds"][3]["totals"] is None  # bids only: not scored yet
    assert context["totals"] == record["rounds"][2]["totals"] == record["result"]["totals"]
    assert record["result"] == {"finished": False, "winners": [], "totals": context["totals"]}
