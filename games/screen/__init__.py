"""What the screen shows, built from a game's state in plain Python; this module draws the score sheet.

The package is the screen's side of a game as games/paper/ is the paper's: no
request and no response (those are games/views/), only what a page shows. Beside
this module are the Minibridge and Memory Bridge sheets' rows and entry panels
(``minibridge``, ``minibridge_panel``, ``memory_bridge``, ``memory_bridge_panel``).

The score sheet: the paper model's rows and cells (games/paper/common.py), drawn as HTML.

A game's paper layout builds the rows and cells (``Layout.screen``): the same
``Row``/``Cell`` the printed sheet is drawn from, with what only a screen has
(how a number was worked out, ``Cell.explain``; the link that corrects a round,
``Cell.link``). This module draws them in one pass of plain Python (a sheet of 50
hands for 10 players is 500 cells: a template include per cell was most of a
sheet's time), and keeps the drawn parts in a cache under a key that holds the
game's version, so a part is drawn once per version and never invalidated: every
write moves the version. The explanations are not in the page: a tap fetches one
(``explanation``, static/js/explain.js), which keeps a long sheet small.

Numbers are drawn as the layouts wrote them (a real minus sign, no thousands
separator), never through Django's localisation.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from games import services
from games.models import Seat
from games.paper.common import Cell, Row
from games.rules import RoundResult
from games.words import in_words

CACHE_ALIAS = "sheets"
# Part of every cache key: bump it when the markup drawn here changes, so that a shared cache
# (several app servers, one Redis) never serves parts drawn by older code.
MARKUP = 2


@dataclass
class Drawn:
    """A sheet's body and footer rows, drawn."""

    body: SafeString
    foot: SafeString


def _attr(name: str, value: str) -> str:
    return f' {name}="{escape(value)}"' if value else ""


def _content(cell: Cell) -> str:
    """What a data cell holds: a button that explains it; else its ``lines`` under its text (a contract),
    or the bid so far."""
    corner = f"<sup>{escape(cell.corner)}</sup>" if cell.corner else ""
    note = f"<small>{escape(cell.note)}</small>" if cell.note else ""
    if cell.explain:
        return f"<button>{escape(cell.text)}{corner}{note}</button>"
    if cell.lines:
        main = f'<span class="main">{escape(cell.text)}</span>' if cell.text else ""
        return main + "".join(f'<span class="sub">{escape(line)}</span>' for line in cell.lines)
    if cell.corner:
        return f'<span class="cell pending">{corner}{note}</span>'
    if cell.text:
        return f'<span class="cell pending small">{escape(cell.text)}</span>'
    return ""


def _heading(cell: Cell, row: Row, edit_url: str, word: str) -> str:
    text = str(escape(cell.text))
    if cell.flag:  # small after the number: Minibridge's dealer, its title who that is
        text += f"<small{_attr('title', cell.title)}>{escape(cell.flag)}</small>"
    if cell.link and edit_url:
        url = edit_url.replace("/round/0/", f"/round/{row.number}/", 1)
        what = escape(
            row.link_label
            or gettext("Correct {round} {label}").format(round=in_words(word.lower()), label=cell.text)
        )
        # static/js/explain.js opens it in the entry panel (htmx); without JavaScript it is a plain link.
        text = f'<a href="{url}" aria-label="{what}">{text}</a>'
    if cell.swatch:
        text += f'<span class="swatch {escape(cell.swatch)}"{_attr("title", cell.title)}></span>'
    title = cell.title if not (cell.swatch or cell.flag) else ""
    return f'<th scope="row"{_attr("class", cell.cls)}{_attr("title", title)}>{text}</th>'


def draw_row(row: Row, edit_url: str, word: str) -> str:
    """One ``<tr>``: its heading cell, then a cell per column (``edit_url``: the round-0 correction, or "")."""
    parts = [f"<tr{_attr('id', row.dom_id)}{_attr('class', row.cls)}>"]
    for cell in row.cells:
        if cell.head:
            parts.append(_heading(cell, row, edit_url, word))
        else:
            title = _attr("title", cell.title) if not cell.explain else ""
            parts.append(f"<td{_attr('class', cell.cls)}{title}>{_content(cell)}</td>")
    parts.append("</tr>")
    return "".join(parts)


def draw_foot(rows: list[Row]) -> str:
    """The footer rows (totals, or where each player stands): plain cells."""
    parts = []
    for row in rows:
        parts.append(f"<tr{_attr('class', row.cls)}>")
        for cell in row.cells:
            tag = "th" if cell.head else "td"
            scope = ' scope="row"' if cell.head else ""
            parts.append(f"<{tag}{scope}{_attr('class', cell.cls)}>{escape(cell.text)}</{tag}>")
        parts.append("</tr>")
    return "".join(parts)


def drawn(
    session,
    *,
    names: list[str],
    can_write: bool,
    edit_url: str,
    word: str,
    build: Callable[[], tuple[list[Row], list[Row]]],
) -> Drawn:
    """A game's body and footer rows drawn, from the cache when this version of it was drawn before.

    ``build`` gives the rows (body, foot) when they are not in the cache. The key holds the game,
    its creation time (a row id may come back after a rollback, never with the same time), its
    version, its players' ``names`` (a player renamed or merged does not move the version, and the
    rows name them), who looks (a watcher's sheet has no correction links) and the language.
    """
    seated = hashlib.blake2s("\x1f".join(names).encode(), digest_size=8).hexdigest()
    key = _key("sheet", session, seated, int(can_write), _language())
    cache = caches[CACHE_ALIAS]
    found = cache.get(key)
    if found is not None:
        body, foot = found
    else:
        rows, foot_rows = build()
        link = edit_url if can_write else ""
        body = "".join(draw_row(row, link, word) for row in rows)
        foot = draw_foot(foot_rows)
        cache.set(key, (body, foot))
    return Drawn(mark_safe(body), mark_safe(foot))  # noqa: S308 (every text in it is escaped above)


def _key(kind: str, session, *parts: object) -> str:
    """A cache key for one version of one game: its id, its creation time (a row id may come back after
    a rollback, never with the same time) and its version, then ``parts``."""
    created = session.created.timestamp() if session.created else ""
    return ":".join(str(p) for p in (kind, MARKUP, session.pk, created, session.version, *parts))


def page_key(session, *parts: object) -> str:
    """The key of a whole page kept for one version of one game (games/views/pagecache.py)."""
    return _key("page", session, *parts)


def _language() -> str:
    return get_language() or settings.LANGUAGE_CODE


def read_game(session, seats: list[Seat] | None = None) -> services.LoadedGame:
    """The game for a page that only reads it (a sheet, an explanation, a live update): as
    ``services.load_game`` gives it, but with the rules' replay kept in the cache for this version
    and language (the replay's explanations and messages are in words).

    On a hit only the seats are read (one query instead of two, and no replay); the state is used
    only if the names are still the ones it was replayed with (a player renamed since: loaded afresh).
    The game's stored rounds and entries are not read then (``rounds`` and ``entries`` are empty):
    a write, or anything that reads them, calls ``services.load_game``.
    """
    cache = caches[CACHE_ALIAS]
    key = _key("state", session, _language())
    found = cache.get(key)
    if found is not None:
        seats = services.seats_of(session) if seats is None else seats  # ``seats``: read already
        names, state = found
        if [seat.player.name for seat in seats] == names:
            return services.LoadedGame(session=session, seats=seats, rounds=[], entries={}, state=state)
    loaded = services.load_game(session, seats)
    cache.set(key, (loaded.names, loaded.state))
    return loaded


def explanation(rows: list[Row], number: int, key: int) -> tuple[str, str] | None:
    """The heading and explanation of cell ``key`` (counting the data cells) of round ``number``'s row."""
    for row in rows:
        if row.number == number:
            cells = [c for c in row.cells if not c.head]
            if 0 <= key < len(cells) and cells[key].explain:
                return row.heading, cells[key].explain
    return None


def total_explain(names: list[str], result: RoundResult, seat: int) -> str:
    """A total's explanation on the sheet: whose it is, the rules' line for the round, and the total."""
    assert result.totals is not None
    return gettext("{name}: {explain}; total {total}").format(
        name=names[seat], explain=result.explain[seat], total=result.totals[seat]
    )
