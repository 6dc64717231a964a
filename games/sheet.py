"""What every entry panel is made of (chips in rows), and the words for trumps.

Views hand these plain objects to templates; nothing here touches the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from games.rules import RoundInfo

TRUMP_WORDS = {
    "none": gettext_lazy("No trumps"),
    "spades": gettext_lazy("Spades ♠"),
    "hearts": gettext_lazy("Hearts ♥"),
    "diamonds": gettext_lazy("Diamonds ♦"),
    "clubs": gettext_lazy("Clubs ♣"),
}


@dataclass
class Chip:
    """One tap-able choice in an entry row (a radio button styled as a chip)."""

    value: int | str
    checked: bool = False
    struck: bool = False  # not allowed now (shown struck out, disabled)
    label: str = ""  # shown instead of the value when set
    title: str = ""  # why it is struck, or what it means


@dataclass
class EntryRow:
    """A player's row in an entry panel: their name, badges, chips and any refusal."""

    seat: int
    name: str
    badges: list[str]
    chips: list[Chip]
    bid: int | None = None
    error: str = ""
    standing: str = ""  # their place and total so far ("2nd · 46"), kept in sight while entering
    first: bool = False  # in the lead (alone or shared)
    rest: bool = False  # their tricks are filled in as the rest of the round's


def trump_text(info: RoundInfo, recorded: str = "") -> str:
    if info.trump == "none":
        return str(TRUMP_WORDS["none"])
    if recorded:
        return str(TRUMP_WORDS.get(recorded, recorded.title()))
    return gettext("Trumps turned up")
