"""A finished game's result card: an SVG image naming the winner, with the final standings.

Drawn in plain Python from the game's registry entry, in the reader's language, as real SVG
``<text>`` in fonts every device has, so the winner's name stays legible wherever the image is
opened; a line too long for its room is squeezed to fit (``textLength``), never cut off.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext

from games.registry import GAMES, Place

if TYPE_CHECKING:
    from games.models import GameSession
    from games.rules import GameState

WIDTH = 1080
MARGIN = 80
ROW = 84
TOP = 560  # where the first standings row's band starts
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
INK, MUTED, ACCENT, GOLD, PAPER, STRIPE = "#111111", "#4a4a4a", "#14532d", "#b7860b", "#f6f5f0", "#e8f3eb"
# The cup of the game-over panel (templates/games/_game_over.html), on a 24-unit grid.
CUP = (
    "M7 2h10v2h4v3a5 5 0 0 1-4.6 5A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 7.6 12 5 5 0 0 1 3 7V4h4z"
    "m0 4H5v1a3 3 0 0 0 2.2 2.9A5 5 0 0 1 7 9zm10 0v3a5 5 0 0 1-.2.9A3 3 0 0 0 19 7V6z"
)


@dataclass(frozen=True)
class Card:
    """A finished game's result: the image, its file name, and the same in plain words (for a share sheet
    that takes only text)."""

    svg: str
    filename: str
    title: str
    text: str


def _width(text: str, size: float) -> float:
    """A generous guess at how wide ``text`` is drawn at ``size`` px in a sans-serif font."""
    return len(text) * size * 0.6


def _text(x: float, y: float, text: str, size: float, *, room: float, **attrs: str) -> str:
    """A ``<text>`` at (x, y), squeezed to ``room`` px when it would be wider."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    if _width(text, size) > room:
        extra += f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"'
    return f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size:.0f}"{extra}>{escape(text)}</text>'


def _row(index: int, place: Place) -> str:
    y = TOP + index * ROW
    right = place.total_text if place.total is not None else place.detail
    right_room = min(_width(right, 40), 420)
    name_x = MARGIN + 150
    parts = []
    if index % 2 == 0:
        parts.append(
            f'<rect x="{MARGIN - 20}" y="{y}" width="{WIDTH - 2 * MARGIN + 40}" height="{ROW}" rx="12" fill="{STRIPE}"/>'
        )
    base = y + ROW * 0.66
    weight = "700" if place.place == 1 else "400"
    fill = ACCENT if place.place == 1 else MUTED
    parts.append(_text(MARGIN, base, place.ordinal, 40, room=140, font_weight="700", fill=fill))
    room = WIDTH - MARGIN - right_room - 30 - name_x
    parts.append(_text(name_x, base, place.name, 44, room=room, font_weight=weight))
    parts.append(_text(WIDTH - MARGIN, base, right, 40, room=420, text_anchor="end", font_weight=weight))
    return "".join(parts)


def filename(session: GameSession) -> str:
    """The card's file name: the game and the day it ended, "call-bridge-2026-11-26.svg"."""
    when = session.finished_at or session.created
    stamp = f"-{when.date().isoformat()}" if when else ""
    return f"{slugify(GAMES[session.game].name)}{stamp}.svg"


def result_card(session: GameSession, state: GameState, names: list[str]) -> Card:
    """The result card of a finished game (``state`` its GameState, ``names`` its players by seat)."""
    game = GAMES[session.game]
    headline = game.headline(state, names)
    places = game.standings(state, names) if state.winners else []
    when = session.finished_at or session.created
    day = date_format(when, "DATE_FORMAT") if when else ""
    height = TOP + ROW * len(places) + 90
    under = gettext("Final standings")
    if state.finished_early:
        under = gettext("Final standings (game ended early)")
    size = min(88.0, (WIDTH - 2 * MARGIN) / (len(headline) * 0.6))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}"'
        f' font-family="{FONT}" fill="{INK}" role="img" aria-label="{escape(headline)}">',
        f"<title>{escape(headline)}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>',
        f'<rect width="{WIDTH}" height="120" fill="{ACCENT}"/>',
        _text(MARGIN, 78, game.name, 44, room=560, font_weight="700", fill="#ffffff"),
        _text(WIDTH - MARGIN, 78, day, 34, room=300, text_anchor="end", fill="#ffffff"),
        f'<path d="{CUP}" fill="{GOLD}" transform="translate({WIDTH / 2 - 84:.0f} 150) scale(7)"/>',
        _text(
            WIDTH / 2, 410, headline, size, room=WIDTH - 2 * MARGIN, text_anchor="middle", font_weight="700"
        ),
        _text(WIDTH / 2, 500, under, 36, room=WIDTH - 2 * MARGIN, text_anchor="middle", fill=MUTED),
        *(_row(i, place) for i, place in enumerate(places)),
        _text(WIDTH / 2, height - 30, "Scorekeeper", 28, room=400, text_anchor="middle", fill=MUTED),
        "</svg>",
    ]
    lines = [f"{p.ordinal} {p.name} {p.total_text if p.total is not None else p.detail}" for p in places]
    return Card(
        svg="".join(parts),
        filename=filename(session),
        title=f"{game.name}: {headline}",
        text="\n".join([headline, *lines]),
    )
